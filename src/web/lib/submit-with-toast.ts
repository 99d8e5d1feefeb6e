import { errorText } from './api-client';
import { toast } from './toast';

interface Texts<R> {
  /** SPEC's success toast, or one built from the answer. */
  success: string | ((result: R) => string);
  /** Shown when the server gives no error text of its own. */
  error: string;
}

/**
 * The one way a form sends: the call, then a success toast and `then`; or, if
 * the call fails, the server's error text (else the form's fallback) as an
 * error toast. Used as `handleSubmit(submitWithToast(...))`.
 */
export function submitWithToast<V, R>(
  send: (values: V) => Promise<R>,
  texts: Texts<R>,
  then?: (result: R, values: V) => void,
) {
  return async (values: V) => {
    let result: R;
    try {
      result = await send(values);
    } catch (err) {
      toast.error(errorText(err, texts.error));
      return;
    }
    toast.success(typeof texts.success === 'function' ? texts.success(result) : texts.success);
    then?.(result, values);
  };
}
