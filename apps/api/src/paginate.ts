import type { SelectQueryBuilder } from 'kysely';

/** A 1-based page of `pageSize` rows, as every admin list takes it (decision 0004). */
interface PageRequest {
  page: number;
  pageSize: number;
}

/** Rows to skip before `page`. */
export function pageOffset({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}

/** `query.$call(onePage(request))`: the rows of that page (the query brings its own order). */
export function onePage(request: PageRequest) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.limit(request.pageSize).offset(pageOffset(request));
}
