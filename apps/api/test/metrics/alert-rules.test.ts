import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectDefaultMetrics } from 'prom-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useTestContext } from '../helpers/use-context';

/*
 * deploy/prometheus/alerts.yml (issue 21): every metric an alert reads is one the
 * servers expose (a renamed metric would leave its alert silent for ever), and
 * promtool accepts the rules and their unit tests (alerts.test.yml).
 */

const PROMETHEUS_DIR = path.resolve(import.meta.dirname, '../../../../deploy/prometheus');
const RULES = path.join(PROMETHEUS_DIR, 'alerts.yml');

/** Series Prometheus makes itself for every scrape target. */
const PROMETHEUS_OWN = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

interface Rule {
  alert: string;
  expr: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; runbook?: string };
}

const rules = (): Rule[] =>
  (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
    (group) => group.rules,
  );

/** The metric names of an expression: every selector (`name{...}`), quoted text left out. */
function metricsOf(expr: string): string[] {
  const unquoted = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...unquoted.matchAll(/([a-zA-Z_:][\w:]*)\s*\{/g)].map((match) => match[1]!);
}

const ctx = useTestContext();
/** Every series name a real API registry answers a scrape with (default metrics included). */
let exposed: Set<string>;
beforeAll(async () => {
  const { registry } = ctx.app.metrics;
  collectDefaultMetrics({ register: registry });
  // Move every counter once, so labelled series appear in the scrape.
  await ctx.app.inject({ url: '/api/health' });
  const text = await registry.metrics();
  exposed = new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)![0]),
  );
  // Declared but not yet moved counters still have a name (# TYPE): count them too.
  for (const match of text.matchAll(/^# TYPE (\S+) (\w+)/gm)) {
    const [, name, type] = match;
    if (type === 'histogram') {
      for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(`${name}${suffix}`);
    } else exposed.add(name!);
  }
});

describe('deploy/prometheus/alerts.yml', () => {
  it('reads only metrics the servers expose', () => {
    const all = rules();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const unknown: string[] = [];
    for (const rule of all) {
      const names = metricsOf(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) {
        if (!exposed.has(name) && !PROMETHEUS_OWN.has(name)) unknown.push(`${rule.alert}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('sees a misspelt metric (so the check above cannot pass vacuously)', () => {
    expect(metricsOf('rate(http_request_total{job="x"}[5m]) > 0 and up{job="y"} == 0')).toEqual([
      'http_request_total',
      'up',
    ]);
    expect(exposed.has('http_request_total')).toBe(false);
    expect(exposed.has('http_requests_total')).toBe(true);
    expect(exposed.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('has the alerts that matter, each with a severity, and a runbook for the critical ones', () => {
    const byName = new Map(rules().map((rule) => [rule.alert, rule]));
    for (const name of [
      'WordloomServerDown',
      'WordloomHighErrorRate',
      'WordloomSlowRequests',
      'WordloomDatabaseUnavailable',
      'WordloomOutboxBackingUp',
      'WordloomPostmarkRefusing',
      'WordloomEventLoopLag',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    const docs = readFileSync(
      path.resolve(PROMETHEUS_DIR, '../../docs/operations.md'),
      'utf8',
    ).toLowerCase();
    for (const rule of byName.values()) {
      expect(['critical', 'warning', 'info'], rule.alert).toContain(rule.labels?.severity);
      if (rule.labels?.severity === 'critical') {
        const anchor = rule.annotations?.runbook?.split('#')[1];
        expect(anchor, rule.alert).toBeDefined();
        // The runbook heading exists (GitHub's anchor: lower case, spaces as dashes).
        expect(docs, rule.alert).toContain(`### ${anchor!.replace(/-/g, ' ')}`);
      }
    }
  });

  it('passes promtool (check rules, and the rules unit tests) where promtool is installed; CI must have it', () => {
    const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
    if (promtool.error) {
      // Debian's `prometheus` package brings promtool; CI installs it (.ci/run).
      expect(process.env.CI, 'promtool is missing: apt-get install prometheus').toBeFalsy();
      return;
    }
    expect(execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' })).toContain(
      'SUCCESS',
    );
    expect(
      execFileSync('promtool', ['test', 'rules', 'alerts.test.yml'], {
        cwd: PROMETHEUS_DIR,
        encoding: 'utf8',
      }),
    ).toContain('SUCCESS');
  });
});
