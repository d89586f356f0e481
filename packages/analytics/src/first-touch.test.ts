import { describe, expect, it } from 'vitest';
import { describeFirstTouch, readFirstTouch, recordFirstTouch } from './first-touch';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('first touch', () => {
  it('takes the landing page, an external referrer and the utm parameters', () => {
    expect(
      describeFirstTouch(
        'https://wordloom.ai/blog/post?utm_source=newsletter&utm_medium=email&utm_campaign=nov',
        'https://news.ycombinator.com/item?id=1',
      ),
    ).toEqual({
      landingPage: '/blog/post?utm_source=newsletter&utm_medium=email&utm_campaign=nov',
      referrer: 'https://news.ycombinator.com/item?id=1',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'nov',
    });
  });

  it('ignores our own pages and unreadable referrers as sources', () => {
    expect(describeFirstTouch('https://wordloom.ai/beta', 'https://wordloom.ai/').referrer).toBe(
      undefined,
    );
    expect(describeFirstTouch('https://wordloom.ai/beta', 'not a url').referrer).toBe(undefined);
  });

  it('keeps the first page of the session, whatever comes after', () => {
    const store = new MemoryStorage() as unknown as Storage;
    recordFirstTouch('https://wordloom.ai/?utm_source=x', 'https://t.co/abc', store);
    recordFirstTouch('https://wordloom.ai/beta', 'https://wordloom.ai/', store);
    expect(readFirstTouch(store)).toMatchObject({ landingPage: '/?utm_source=x', utmSource: 'x' });
    store.setItem('wordloom:first-touch', '{broken');
    expect(readFirstTouch(store)).toBeUndefined();
  });
});
