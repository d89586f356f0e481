import type { EmailTemplate } from '@repo/api-client';
import { useQuery } from '@tanstack/react-query';
import { QUERY_PATHS } from '@/lib/query-paths';

export function useTemplates() {
  return useQuery<{ templates: EmailTemplate[] }>({ queryKey: [QUERY_PATHS.templates] });
}
