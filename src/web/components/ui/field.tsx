import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactElement,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

const control =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';

interface FieldProps {
  label: string;
  error?: string;
}

/** Label, control and error message, tied together for screen readers. */
function Field({
  label,
  error,
  id,
  render,
}: FieldProps & {
  id?: string;
  render(a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactElement;
}) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {render({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${inputId}-error` : undefined,
      })}
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, id, ...props }, ref) {
    return (
      <Field
        label={label}
        error={error}
        id={id}
        render={(a11y) => <input ref={ref} className={control} {...a11y} {...props} />}
      />
    );
  },
);

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, id, ...props }, ref) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      render={(a11y) => <textarea ref={ref} className={`${control} min-h-32`} {...a11y} {...props} />}
    />
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, id, ...props }, ref) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      render={(a11y) => <select ref={ref} className={control} {...a11y} {...props} />}
    />
  );
});

/** A checkbox with its label beside it. */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  { label: string } & InputHTMLAttributes<HTMLInputElement>
>(function CheckboxField({ label, ...props }, ref) {
  return (
    <label className="flex items-center gap-3 text-sm text-slate-800">
      <input ref={ref} type="checkbox" className="h-5 w-5 shrink-0 accent-brand-700" {...props} /> {label}
    </label>
  );
});
