import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * For an account made through Google or Apple: it has no password, and what
 * needs one (a new password, a new address) starts with setting one through
 * an emailed link.
 */
const OPENING = {
  password: 'Your account signs in with Google or Apple, so it has no password yet. You can set one with ',
  email:
    'Changing your email needs your password, and your account, which signs in with Google or Apple, has none yet. Set one first with ',
  selfExclusion:
    'Excluding yourself is confirmed with your password, and your account, which signs in with Google or Apple, has none yet. Set one first with ',
};

export function NoPasswordNote({ purpose }: { purpose: keyof typeof OPENING }) {
  return (
    <p className="p-5 text-sm text-slate-700">
      {OPENING[purpose]}
      <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
        Forgot password?
      </Link>{' '}
      and we will email you a link.
    </p>
  );
}
