import { SetPasswordPage } from '../components/set-password-page';

/** /crear-contrasena#t=…: the link of an invitation mail. */
export default function AcceptInvitationRoute() {
  return <SetPasswordPage purpose="invitation" />;
}
