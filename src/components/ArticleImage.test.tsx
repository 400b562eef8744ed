import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import React from 'react';
import { ArticleImage, imageSources } from './ArticleImage';

const image = {
  url: '/uploads/port_ab12.jpg',
  alternativeText: 'Container cranes at Chattogram',
  width: 2000,
  formats: {
    thumbnail: { url: '/uploads/thumbnail_port_ab12.jpg', width: 245 },
    large: { url: '/uploads/large_port_ab12.jpg', width: 1000 },
    small: { url: '/uploads/small_port_ab12.jpg', width: 500 },
  },
};

describe('ArticleImage', () => {
  it('offers the CMS sizes and the original, smallest first, without the thumbnail', () => {
    expect(imageSources(image)).toBe('/uploads/small_port_ab12.jpg 500w, /uploads/large_port_ab12.jpg 1000w, /uploads/port_ab12.jpg 2000w');
  });

  it('gives no source set for an image with one size', () => {
    expect(imageSources({ url: '/uploads/a.png', alternativeText: null })).toBeUndefined();
    const { container } = render(<ArticleImage image={{ url: '/uploads/a.png', alternativeText: null }} />);
    expect(container.querySelector('img')?.hasAttribute('srcset')).toBe(false);
  });

  it('renders the alternative text and the source set', () => {
    const { getByAltText } = render(<ArticleImage image={image} />);
    const img = getByAltText('Container cranes at Chattogram');
    expect(img.getAttribute('src')).toBe('/uploads/port_ab12.jpg');
    expect(img.getAttribute('srcset')).toContain('500w');
  });
});
