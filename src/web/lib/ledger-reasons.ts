import { LEDGER_REASON_TEXT, type LedgerReason } from '../../contract/operator-rules';

export const ledgerReasonText = (reason: string) => LEDGER_REASON_TEXT[reason as LedgerReason] ?? reason;
