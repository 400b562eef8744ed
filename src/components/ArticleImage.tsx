import type { MediaImage } from '@guichet/shared/api/publishing';
import React from 'react';

/** An uploaded image as the CMS describes it: the original and the smaller sizes it made (thumbnail, small, medium, large). */
export type { MediaImage };

/** Widths the browser may choose from, smallest first: the CMS's sizes (not its thumbnail) and the original. */
export function imageSources(image: MediaImage): string | undefined {
  const sizes = Object.entries(image.formats ?? {})
    .filter(([name, format]) => name !== 'thumbnail' && format?.url && format.width > 0)
    .map(([, format]) => ({ url: format.url, width: format.width }));
  if (image.width) sizes.push({ url: image.url, width: image.width });
  if (sizes.length < 2) return undefined;
  return sizes
    .sort((a, b) => a.width - b.width)
    .map((size) => `${encodeURI(size.url)} ${size.width}w`)
    .join(', ');
}

/** An article's image, in the size the screen needs; uploads are served from the portal's origin (/uploads/...). */
export function ArticleImage({ image }: { image: MediaImage }) {
  const srcSet = imageSources(image);
  return (
    <img
      className="article-image"
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? '(max-width: 60rem) 100vw, 60rem' : undefined}
      alt={image.alternativeText ?? ''}
      loading="lazy"
    />
  );
}
