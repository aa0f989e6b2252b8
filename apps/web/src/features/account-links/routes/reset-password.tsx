import { SetPasswordPage } from '../components/set-password-page';

/** /restablecer-contrasena#t=…: the link of a password-reset mail. */
export default function ResetPasswordRoute() {
  return <SetPasswordPage purpose="reset" />;
}
