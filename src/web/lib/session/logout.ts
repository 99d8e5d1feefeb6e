import { authApi } from '../../../contract/auth';
import { call } from '../call';

export const logout = () => call(authApi.logout);
