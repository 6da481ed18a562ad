import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { describeSla } from '../../src/config-sections/sla.js';
import { ConfigError } from '../../src/errors.js';

/** WARDEN_CONFIG `sla:` (issue 38): what it accepts, what it lists with lines, what --check-config says. */

const problemsOf = (yaml: string): string => {
  try {
    parseConfigFile(yaml, 's.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

const GOOD = `sla:
  warnAt: 0.8
  pauseWhile: [snoozed, riskAccepted]
  severities:
    critical: { acknowledge: 1h, close: 3d }
    high: { acknowledge: 4h, close: 14d }
  findingTypes:
    decoyCredentialUsed:
      critical: { acknowledge: 15m, close: 1d }
  businessHours: { timezone: Europe/Berlin, days: [mon, tue, wed, thu, fri], from: "09:00", to: "17:00" }
  escalateTo: { C0ALERTS: S0SECLEADS }
  report: { channel: C0ALERTS, day: monday, at: "09:00", timezone: Europe/Berlin }
`;

describe('WARDEN_CONFIG sla:', () => {
  it('reads targets by severity and type, business hours, pauses and the report', () => {
    const { sla } = parseConfigFile(GOOD, 's.yaml');
    expect(
      sla?.findingTypes.FINDING_TYPE_DECOY_CREDENTIAL_USED?.FINDING_SEVERITY_CRITICAL?.acknowledgeMs,
    ).toBe(900_000);
    expect(sla?.businessHours?.days).toEqual([1, 2, 3, 4, 5]);
    // with business hours a day is a working day: close 3d = three days of 8 h
    expect(sla?.severities.FINDING_SEVERITY_CRITICAL?.closeMs).toBe(3 * 8 * 3_600_000);
    expect(sla?.report).toEqual([
      { channel: 'C0ALERTS', day: 1, at: '09:00', timezone: 'Europe/Berlin', findings: 'all' },
    ]);
    expect(describeSla(sla)).toBe(
      'SLA clocks: critical acknowledge 1h / close 3 working days; high acknowledge 4h / close 14 working days; 1 finding type(s) with their own targets; ' +
        'warn at 80%; paused while snoozed or riskAccepted; business hours mon,tue,wed,thu,fri 09:00-17:00 Europe/Berlin; ' +
        'weekly report: C0ALERTS mon 09:00 Europe/Berlin.',
    );
  });

  it('is off when absent, and --check-config says so', () => {
    expect(parseConfigFile('', 's.yaml').sla).toBeUndefined();
    expect(describeSla(undefined)).toBe('SLA clocks: off (WARDEN_CONFIG sla).');
  });

  it('lists a zero duration, a warn share outside (0, 1) and an unknown severity, each with its line', () => {
    const said = problemsOf(`sla:
  warnAt: 1.5
  severities:
    critical: { acknowledge: 0m, close: 3d }
    urgent: { acknowledge: 1h, close: 1d }
    high: { acknowledge: 4h, close: 1h }
`);
    expect(said).toMatch(/s\.yaml:2 sla\.warnAt: must be less than 1/);
    expect(said).toMatch(/s\.yaml:4 sla\.severities\.critical\.acknowledge: must be longer than zero/);
    expect(said).toMatch(/s\.yaml:5 sla\.severities\.urgent: is not a severity/);
    expect(said).toMatch(/s\.yaml:6 sla\.severities\.high\.close: must not be shorter than acknowledge/);
  });

  it('refuses what does not parse: a warn share of 0, a word for a duration, an unknown key, a bad time zone', () => {
    const said = problemsOf(`sla:
  warnAt: 0
  severities:
    low: { acknowledge: soon, close: 3d }
  businessHours: { timezone: Mars/Olympus }
  colour: red
`);
    expect(said).toMatch(/sla\.warnAt: must be more than 0/);
    expect(said).toMatch(/sla\.severities\.low\.acknowledge: must be a duration/);
    expect(said).toMatch(/sla\.businessHours\.timezone: is not a time zone/);
    expect(said).toMatch(/sla: Unrecognized key: "colour"|colour/);
  });

  it('needs at least one target, and YAML that parses', () => {
    expect(problemsOf('sla:\n  warnAt: 0.5\n')).toMatch(/sla\.severities/);
    expect(problemsOf('sla:\n  severities: [\n')).toMatch(/s\.yaml:.*Flow sequence/);
  });
});
