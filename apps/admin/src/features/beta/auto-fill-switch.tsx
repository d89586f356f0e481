import { Checkbox, Label } from '@repo/ui';
import { useCan } from '@/lib/permissions';
import { useAutoFill } from './use-auto-fill';

/**
 * Issue 11: when a seat frees (an invitation lapses, a tester is deactivated),
 * the next confirmed person in the queue is invited, within the cap.
 */
export function AutoFillSwitch() {
  const { setting, toggle } = useAutoFill();
  // Issue 19: a role without beta:approve sees the setting but cannot change it.
  const canChange = useCan('beta:approve');
  const enabled = toggle.isPending ? toggle.variables : (setting.data?.enabled ?? false);
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id="beta-auto-fill"
        checked={enabled}
        disabled={!canChange || setting.isPending || setting.isError || toggle.isPending}
        onCheckedChange={(checked) => toggle.mutate(checked === true)}
        aria-describedby="beta-auto-fill-hint"
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor="beta-auto-fill">Auto-fill free seats</Label>
        <p id="beta-auto-fill-hint" className="text-sm text-muted-foreground">
          When a seat frees (an invitation lapses, a tester is deactivated), invite the next
          confirmed person in the queue. Turning it on fills the seats free now.
          {setting.isError ? ' The setting could not be loaded.' : ''}
        </p>
      </div>
    </div>
  );
}
