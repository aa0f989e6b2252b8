import { zodResolver } from '@hookform/resolvers/zod';
import { ownVacationRequestSchema, type OwnVacationRequest } from '@jornada/shared/schemas/vacations';
import { Send, X } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useRequestVacation } from '../api/request-vacation';
import { toastValidationMessage } from '../lib/message-toast';
import { SelectedDaysSummary } from './selected-days-summary';
import { VacationCalendarLegend } from './vacation-calendar-legend';
import { VacationDaysCalendar } from './vacation-days-calendar';

/** The employee's own request: pick days on the calendar, then 'Enviar Solicitud' to the supervisor. */
export function RequestVacationForm({ confirmedDays }: { confirmedDays: readonly string[] }) {
  const request = useRequestVacation();
  const form = useForm<OwnVacationRequest>({ resolver: zodResolver(ownVacationRequestSchema), defaultValues: { dates: [] } });
  const error = form.formState.errors.dates?.message;

  const onSubmit = form.handleSubmit(
    (values) =>
      request.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Solicitud Creada', description: 'Tu supervisor revisará los días que has pedido.' });
          form.reset({ dates: [] });
        },
      }),
    (errors) => errors.dates?.message && toastValidationMessage(errors.dates.message),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle id="request-calendar-title">Nueva solicitud</CardTitle>
        <CardDescription>Elige en el calendario los días que quieres pedir. Los días en verde ya son vacaciones confirmadas.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Controller
            control={form.control}
            name="dates"
            render={({ field }) => (
              <div className="flex flex-col gap-3">
                <VacationDaysCalendar
                  labelledBy="request-calendar-title"
                  value={field.value}
                  onChange={field.onChange}
                  confirmedDays={confirmedDays}
                  disabled={request.isPending}
                />
                <VacationCalendarLegend showConfirmed={confirmedDays.length > 0} />
                <SelectedDaysSummary days={field.value} />
                <FieldError id="request-dates-error">{error}</FieldError>
                {field.value.length > 0 && (
                  <Button variant="ghost" size="sm" className="self-start" onClick={() => field.onChange([])} disabled={request.isPending}>
                    <X aria-hidden="true" />
                    Quitar selección
                  </Button>
                )}
              </div>
            )}
          />
          <Button type="submit" className="w-full sm:w-auto sm:self-end" disabled={request.isPending}>
            {request.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            Enviar Solicitud
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
