import { ClipboardList, Clock, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

const features: Feature[] = [
  {
    title: 'Gestión de horas',
    description: 'Fichajes con temporizador y ubicación, y el total de horas de cada mes siempre a mano.',
    icon: Clock,
  },
  {
    title: 'Partes de trabajo',
    description: 'Genera, firma y consulta los partes de cada evento directamente desde el móvil.',
    icon: ClipboardList,
  },
  {
    title: 'Seguridad y confianza',
    description: 'Acceso por roles, datos separados por empresa y un registro de cada acción.',
    icon: ShieldCheck,
  },
];

export default function LandingRoute() {
  return (
    <>
      <section className="bg-navy text-white">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Jornada</h1>
          <p className="max-w-2xl text-lg text-blue-100 sm:text-xl">
            La plataforma para gestionar las horas y los partes de trabajo de tu empresa: fichajes, eventos, personal y
            documentación en un solo lugar.
          </p>
          <Link
            to="/login"
            className={buttonClasses('inverse', 'lg')}
          >
            Acceder a la Plataforma
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto w-full max-w-5xl px-4 py-12 sm:py-16">
        <h2 id="features-title" className="sr-only">
          Funcionalidades
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3 sm:gap-6">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
