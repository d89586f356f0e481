import { describe, expect, it } from 'vitest';
import { featuredImageOf, POST_CARD_IMAGE_SIZES } from './post-images';

const ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const uploaded = (file: string) => `/api/post-images/${ID}-${file}`;

describe('featuredImageOf', () => {
  it('gives an uploaded image its srcset and its own proportions, so nothing shifts', () => {
    const image = featuredImageOf(
      { title: 'Hello', featuredImage: uploaded('1600x1200-1280.webp') },
      POST_CARD_IMAGE_SIZES,
    );
    expect(image).toEqual({
      src: uploaded('1600x1200-1600.webp'),
      srcSet: expect.stringContaining(`${uploaded('1600x1200-320.webp')} 320w`),
      sizes: POST_CARD_IMAGE_SIZES,
      width: 1600,
      height: 1200,
      alt: 'Illustration for "Hello"',
    });
  });

  it('keeps the illustrations 1200×630, without a srcset', () => {
    expect(featuredImageOf({ title: 'Hi', featuredImage: '/images/blog/a.svg' })).toEqual({
      src: '/images/blog/a.svg',
      alt: 'Illustration for "Hi"',
      width: 1200,
      height: 630,
    });
    expect(featuredImageOf({ title: 'Hi' })).toMatchObject({
      src: '/images/blog/fallback.svg',
      width: 1200,
      height: 630,
    });
  });
});
