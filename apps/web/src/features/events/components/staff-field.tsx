import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { AssignmentPlan } from '../api/get-assignee-availability';
import { AssignEmployeesDialog } from './assign-employees-dialog';
import { AssigneeSummary } from './assignee-names';
import { SelectedStaffStates } from './selected-staff-states';

interface StaffFieldProps {
  value: string[];
  onChange: (userIds: string[]) => void;
  /** The administrator's company for the event; null for a supervisor (their own). */
  companyId: string | null;
  /** False while an administrator has not chosen the company yet. */
  ready: boolean;
  /** Names of the selected ids, as far as known. */
  nameOf: (id: string) => string;
  /** The event's times as typed, for each person's availability in the picker. */
  plan?: AssignmentPlan;
}

/** 'Personal asignado': the selected staff ('+N más' after three) and the 'Asignar empleados' dialog. */
export function StaffField({ value, onChange, companyId, ready, nameOf, plan }: StaffFieldProps) {
  const [open, setOpen] = useState(false);

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">Personal asignado</span>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} disabled={!ready} aria-describedby="staff-summary">
          <UserPlus aria-hidden="true" />
          Asignar empleados
        </Button>
      </div>
      <p id="staff-summary" className="text-sm">
        {ready ? <AssigneeSummary names={value.map(nameOf)} /> : <span className="text-muted-foreground">Elige primero la empresa.</span>}
      </p>
      <SelectedStaffStates value={value} plan={plan} nameOf={nameOf} enabled={ready} />
      {ready && <AssignEmployeesDialog open={open} onOpenChange={setOpen} companyId={companyId} value={value} onChange={onChange} plan={plan} />}
    </div>
  );
}
