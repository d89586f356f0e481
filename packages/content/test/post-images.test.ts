import { describe, expect, it } from 'vitest';
import { POST_BODY_IMAGE_SIZES, postImageAttributes } from '../src/post-images';

const ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const url = (file: string) => `/api/post-images/${ID}-${file}`;

describe('postImageAttributes', () => {
  it('lists every size of a wide image, the largest 1920 wide, with its own height', () => {
    expect(postImageAttributes(url('2400x1000-320.webp'))).toEqual({
      src: url('2400x1000-1920.webp'),
      srcSet: [
        `${url('2400x1000-320.webp')} 320w`,
        `${url('2400x1000-640.webp')} 640w`,
        `${url('2400x1000-960.webp')} 960w`,
        `${url('2400x1000-1280.webp')} 1280w`,
        `${url('2400x1000-1920.webp')} 1920w`,
      ].join(', '),
      sizes: POST_BODY_IMAGE_SIZES,
      width: 1920,
      height: 800,
    });
  });

  it("ends at the original's width below 1920, and keeps a small image whole", () => {
    expect(postImageAttributes(url('800x1200-800.webp'))).toMatchObject({
      src: url('800x1200-800.webp'),
      srcSet: `${url('800x1200-320.webp')} 320w, ${url('800x1200-640.webp')} 640w, ${url('800x1200-800.webp')} 800w`,
      width: 800,
      height: 1200,
    });
    expect(postImageAttributes(url('200x100-200.webp'))).toMatchObject({
      srcSet: `${url('200x100-200.webp')} 200w`,
      width: 200,
      height: 100,
    });
  });

  it('takes the sizes it is given', () => {
    expect(postImageAttributes(url('640x480-640.webp'), '50vw')?.sizes).toBe('50vw');
  });

  it.each([
    ['an image of the site', '/images/blog/fallback.svg'],
    ['another host', 'https://cdn.example.com/photo.jpg'],
    [
      'another host with the same path',
      `https://evil.example/api/post-images/${ID}-640x480-640.webp`,
    ],
    ['a size the image has none of', url('640x480-700.webp')],
    ['a size wider than the original', url('640x480-960.webp')],
    ['another extension', url('640x480-640.png')],
    ['a query string', `${url('640x480-640.webp')}?x=1`],
    ['a path that leaves the folder', `/api/post-images/../admin/${ID}-640x480-640.webp`],
    ['a bad id', '/api/post-images/not-a-uuid-640x480-640.webp'],
  ])('is undefined for %s', (_name, src) => {
    expect(postImageAttributes(src)).toBeUndefined();
  });
});
