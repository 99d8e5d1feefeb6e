import { forwardRef, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The age and terms confirmation someone new ticks before an account is made, with its error. */
export const TermsCheckbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { error?: string }
>(function TermsCheckbox({ error, ...props }, ref) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          ref={ref}
          type="checkbox"
          required
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          {...props}
        />
        <span>I am 18 or over and accept the Terms and Contest Rules</span>
      </label>
      <p className="mt-1 pl-8 text-xs text-slate-600">
        Read the{' '}
        <Link to={paths.terms} className="font-medium text-brand-700 underline">
          Terms
        </Link>{' '}
        and the{' '}
        <Link to={paths.contestRules} className="font-medium text-brand-700 underline">
          Contest Rules
        </Link>
        .
      </p>
      {error && (
        <p id="accept-terms-error" className="mt-1 pl-8 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
