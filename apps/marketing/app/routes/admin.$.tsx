import type { LoaderFunctionArgs } from '@remix-run/node';
import { redirectToAdmin } from '~/utils/admin-redirect.server';

export const loader = ({ request }: LoaderFunctionArgs) => redirectToAdmin(request);
