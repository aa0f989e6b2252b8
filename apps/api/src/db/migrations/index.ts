import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation';
import * as events from './2026-11-21-0010-events';
import * as timeRecords from './2026-11-21-0020-time-records';
import * as vacationsPayments from './2026-11-21-0060-vacations-payments';
import * as filesDocumentsReports from './2026-11-21-0070-files-documents-reports';
import * as material from './2026-11-21-0080-material';
import * as registroCorrections from './2026-11-22-0090-registro-corrections';
import * as registroMensual from './2026-11-22-0100-registro-mensual';
import * as accessLinksLegalArchive from './2026-11-22-0110-access-links-legal-archive';
import * as registroChainSeal from './2026-11-22-0125-registro-chain-seal';
import * as amendmentSignatures from './2026-11-22-0130-amendment-signatures';
import * as timeRecordIndexes from './2026-11-25-0140-time-record-indexes';
import * as assignmentEventTimes from './2026-11-25-0150-assignment-event-times';
import * as userPhone from './2026-11-26-0160-user-phone';
import * as liveViewGrant from './2026-11-26-0170-live-view-grant';
import * as keyedRegistroChain from './2026-11-26-0180-keyed-registro-chain';
import * as signedMonthVersions from './2026-11-26-0185-signed-month-versions';
import * as jobsNotifications from './2026-11-26-0200-jobs-notifications';
import * as signaturesInFiles from './2026-11-26-0210-signatures-in-files';
import * as mailOutbox from './2026-11-26-0220-mail-outbox';
import * as notificationPreferences from './2026-11-26-0230-notification-preferences';
import * as webPush from './2026-11-26-0240-web-push';
import * as accountTokens from './2026-11-26-0250-account-tokens';
import * as venuePresence from './2026-11-26-0260-venue-presence';
import * as companyHolidays from './2026-11-26-0270-company-holidays';
import * as payRules from './2026-11-26-0280-pay-rules';
import * as payrollClosures from './2026-11-26-0290-payroll-closures';
import * as qualifications from './2026-11-27-0300-qualifications';
import * as yearlyOrdinaryHours from './2026-11-27-0310-yearly-ordinary-hours';
import * as customRoleBase from './2026-11-28-0320-custom-role-base';
import * as unavailability from './2026-11-28-0330-unavailability';
import * as acceptingAssignments from './2026-11-28-0336-accepting-assignments';
import * as calendarFeeds from './2026-11-28-0350-calendar-feeds';
import * as webhooks from './2026-11-28-0370-webhooks';
import * as openShifts from './2026-11-29-0380-open-shifts';
import * as shiftSwaps from './2026-11-29-0390-shift-swaps';
import * as userDni from './2026-11-29-0400-user-dni';
import * as apiTokens from './2026-11-29-0410-api-tokens';
import * as twoFactor from './2026-11-29-0420-two-factor';
import * as identityVersion from './2026-11-30-0430-identity-version';

/** Imported statically so the bundled server carries its migrations. Append new ones in order. */
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-21-0010-events': events,
  '2026-11-21-0020-time-records': timeRecords,
  '2026-11-21-0060-vacations-payments': vacationsPayments,
  '2026-11-21-0070-files-documents-reports': filesDocumentsReports,
  '2026-11-21-0080-material': material,
  '2026-11-22-0090-registro-corrections': registroCorrections,
  '2026-11-22-0100-registro-mensual': registroMensual,
  '2026-11-22-0110-access-links-legal-archive': accessLinksLegalArchive,
  '2026-11-22-0125-registro-chain-seal': registroChainSeal,
  '2026-11-22-0130-amendment-signatures': amendmentSignatures,
  '2026-11-25-0140-time-record-indexes': timeRecordIndexes,
  '2026-11-25-0150-assignment-event-times': assignmentEventTimes,
  '2026-11-26-0160-user-phone': userPhone,
  '2026-11-26-0170-live-view-grant': liveViewGrant,
  '2026-11-26-0180-keyed-registro-chain': keyedRegistroChain,
  '2026-11-26-0185-signed-month-versions': signedMonthVersions,
  '2026-11-26-0200-jobs-notifications': jobsNotifications,
  '2026-11-26-0210-signatures-in-files': signaturesInFiles,
  '2026-11-26-0220-mail-outbox': mailOutbox,
  '2026-11-26-0230-notification-preferences': notificationPreferences,
  '2026-11-26-0240-web-push': webPush,
  '2026-11-26-0250-account-tokens': accountTokens,
  '2026-11-26-0260-venue-presence': venuePresence,
  '2026-11-26-0270-company-holidays': companyHolidays,
  '2026-11-26-0280-pay-rules': payRules,
  '2026-11-26-0290-payroll-closures': payrollClosures,
  '2026-11-27-0300-qualifications': qualifications,
  '2026-11-27-0310-yearly-ordinary-hours': yearlyOrdinaryHours,
  '2026-11-28-0320-custom-role-base': customRoleBase,
  '2026-11-28-0330-unavailability': unavailability,
  '2026-11-28-0336-accepting-assignments': acceptingAssignments,
  '2026-11-28-0350-calendar-feeds': calendarFeeds,
  '2026-11-28-0370-webhooks': webhooks,
  '2026-11-29-0380-open-shifts': openShifts,
  '2026-11-29-0390-shift-swaps': shiftSwaps,
  '2026-11-29-0400-user-dni': userDni,
  '2026-11-29-0410-api-tokens': apiTokens,
  '2026-11-29-0420-two-factor': twoFactor,
  '2026-11-30-0430-identity-version': identityVersion,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
