import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteMetadata } from './useSiteMetadata';

/** Share an article: copy its link, the device's own share sheet, e-mail, and plain links to social sites (no third-party scripts). */
export function ShareActions({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation('common');
  const { siteUrl } = useSiteMetadata();
  const [url, setUrl] = useState(`${siteUrl}${path}`);
  const [copied, setCopied] = useState(false);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => {
    // In the browser, the address the visitor actually uses.
    setUrl(`${window.location.origin}${path}`);
    setCanShare(typeof navigator.share === 'function');
  }, [path]);
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encoded}&text=${text}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${encoded}` },
  ];
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title">{t('share.title')}</h2>
      <ul className="share-list">
        <li>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() =>
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('share.copy')}
          </button>
        </li>
        {canShare && (
          <li>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
            >
              {t('share.native')}
            </button>
          </li>
        )}
        <li>
          <a className="button button-secondary button-small" href={`mailto:?subject=${text}&body=${encoded}`}>
            {t('share.email')}
          </a>
        </li>
        {links.map((link) => (
          <li key={link.name}>
            <a className="button button-secondary button-small" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="visually-hidden"> {t('share.newWindow')}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="share-status" role="status">
        {copied ? t('share.copied') : ''}
      </p>
    </section>
  );
}
