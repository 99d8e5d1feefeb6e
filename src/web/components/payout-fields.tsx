import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from './ui/field';

type Field = 'method' | 'paypalEmail' | 'accountName' | 'sortCode' | 'accountNumber';

/**
 * How to pay a member (contract/cash.ts `payoutDetails`): PayPal, or a UK bank account. Used by a
 * withdrawal and by a cash prize's claim; `register` names each field where its form keeps it.
 */
export function PayoutFields({
  method,
  register,
  errors,
}: {
  method: 'paypal' | 'bank' | undefined;
  register: (field: Field) => UseFormRegisterReturn;
  errors: Partial<Record<Field, { message?: string }>> | undefined;
}) {
  return (
    <>
      <SelectField label="Pay me by" {...register('method')}>
        <option value="paypal">PayPal</option>
        <option value="bank">UK bank transfer</option>
      </SelectField>
      {method === 'bank' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Name on the account"
            autoComplete="name"
            error={errors?.accountName?.message}
            {...register('accountName')}
          />
          <TextField
            label="Sort code"
            inputMode="numeric"
            placeholder="12-34-56"
            error={errors?.sortCode?.message}
            {...register('sortCode')}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            error={errors?.accountNumber?.message}
            {...register('accountNumber')}
          />
        </div>
      ) : (
        <TextField
          label="PayPal email"
          type="email"
          autoComplete="email"
          error={errors?.paypalEmail?.message}
          {...register('paypalEmail')}
        />
      )}
    </>
  );
}
