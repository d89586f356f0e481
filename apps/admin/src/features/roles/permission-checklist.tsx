import { Checkbox, Label } from '@repo/ui';
import { type Permission, PERMISSION_LABELS, PERMISSIONS } from '@repo/validation';

type AreaOf<P> = P extends `${infer Area}:${string}` ? Area : never;
type Area = AreaOf<Permission>;

/** The console's sections, as the permissions name them (`waitlist:read` is the Waitlist's). */
const AREA_LABELS: Record<Area, string> = {
  waitlist: 'Waitlist',
  beta: 'Beta',
  invite_codes: 'Invite codes',
  contacts: 'Contacts',
  feedback: 'Survey and feedback',
  email: 'Email',
  analytics: 'Analytics',
  people: 'People',
  audit: 'Audit log',
  posts: 'Blog posts',
  keys: 'API keys',
  staff: 'Staff',
  webhooks: 'Integrations',
};

const areaOf = (permission: Permission) => permission.split(':')[0] as Area;

/** `permissions` by area, in the order of PERMISSIONS. */
function groupByArea(
  permissions: readonly Permission[],
): { area: Area; label: string; permissions: Permission[] }[] {
  const groups = new Map<Area, Permission[]>();
  for (const permission of PERMISSIONS) {
    if (!permissions.includes(permission)) continue;
    const area = areaOf(permission);
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups].map(([area, list]) => ({
    area,
    label: AREA_LABELS[area],
    permissions: list,
  }));
}

interface PermissionChecklistProps {
  /** Prefix of the checkboxes' ids, unique on the page. */
  id: string;
  /** The permissions offered, grouped by area. */
  offered: readonly Permission[];
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  disabled?: boolean;
  /** Tied to each group, e.g. a validation message. */
  describedBy?: string;
}

/** Permission checkboxes grouped by area, each with what it allows (issue 19). */
export function PermissionChecklist({
  id,
  offered,
  value,
  onChange,
  disabled = false,
  describedBy,
}: PermissionChecklistProps) {
  const toggle = (permission: Permission, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(permission);
    else next.delete(permission);
    // Kept in the list's own order, so the same choice always reads the same.
    onChange(PERMISSIONS.filter((item) => next.has(item)));
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {groupByArea(offered).map((group) => (
        <fieldset
          key={group.area}
          className="grid content-start gap-2 rounded-md border p-3"
          aria-describedby={describedBy}
        >
          <legend className="px-1 text-sm font-medium">{group.label}</legend>
          {group.permissions.map((permission) => {
            const checkboxId = `${id}-${permission.replace(':', '-')}`;
            return (
              <div key={permission} className="flex items-start gap-2">
                <Checkbox
                  id={checkboxId}
                  checked={value.includes(permission)}
                  disabled={disabled}
                  onCheckedChange={(checked) => toggle(permission, checked === true)}
                  aria-describedby={`${checkboxId}-code`}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={checkboxId} className="font-normal leading-snug">
                    {PERMISSION_LABELS[permission]}
                  </Label>
                  <code id={`${checkboxId}-code`} className="text-xs text-muted-foreground">
                    {permission}
                  </code>
                </div>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
