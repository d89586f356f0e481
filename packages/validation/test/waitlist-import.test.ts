import { describe, expect, it } from 'vitest';
import { guessImportMapping, waitlistImportMappingSchema } from '../src/waitlist-import';

describe('the mapping guessed from a header (issue 34)', () => {
  it("maps our own export's columns to every field the import takes", () => {
    const header = [
      'ID',
      'Email',
      'First name',
      'Last name',
      'Company',
      'Primary use',
      'User type',
      'Content workflow',
      'Monthly content volume',
      'Biggest challenge',
      'Signed up at',
      'Beta participant ID',
      'Confirmed at',
      'Referral code',
      'Referred by ID',
      'Referrals',
      'Referred by code',
      'UTM source',
      'UTM medium',
      'UTM campaign',
    ];
    expect(guessImportMapping(header)).toEqual({
      email: 1,
      firstName: 2,
      lastName: 3,
      company: 4,
      primaryUse: 5,
      userType: 6,
      contentWorkflow: 7,
      signedUpAt: 10,
      confirmedAt: 12,
      referralCode: 13,
      utmSource: 17,
      utmMedium: 18,
      utmCampaign: 19,
      referredByCode: 16,
    });
  });

  it("reads other tools' names, whatever their case and punctuation", () => {
    expect(guessImportMapping(['E-Mail Address', 'NAME', 'organization', 'created_at'])).toEqual({
      email: 0,
      name: 1,
      company: 2,
      signedUpAt: 3,
    });
  });

  it('maps nothing from a header it does not know', () => {
    expect(guessImportMapping(['Foo', 'Bar'])).toEqual({});
  });
});

describe('a mapping', () => {
  it('needs the email address', () => {
    expect(waitlistImportMappingSchema.safeParse({ firstName: 1 }).success).toBe(false);
    expect(waitlistImportMappingSchema.safeParse({ email: 0 }).success).toBe(true);
  });

  it('takes each column for one field only', () => {
    expect(waitlistImportMappingSchema.safeParse({ email: 0, firstName: 0 }).success).toBe(false);
  });

  it('refuses a field it does not know', () => {
    expect(waitlistImportMappingSchema.safeParse({ email: 0, password: 1 }).success).toBe(false);
  });
});
