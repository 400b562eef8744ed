import React, { useId, useState } from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ApiViewer } from '../components/ApiViewer';
import { Page } from '../components/Page';
import { serviceUrls } from '../config/services';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';
import { TableHead } from '../components/TableHead';

/** Every service of the portal and where its OpenAPI description is. */
const SERVICES: Array<{ key: string; base: string }> = [
  { key: 'reference', base: serviceUrls.reference },
  { key: 'rates', base: serviceUrls.rates },
  { key: 'externalRates', base: serviceUrls.externalRates },
  { key: 'taxation', base: serviceUrls.taxation },
  { key: 'tradersGuide', base: serviceUrls.tradersGuide },
  { key: 'finder', base: serviceUrls.finder },
  { key: 'aiTariff', base: serviceUrls.aiTariff },
  { key: 'manifest', base: serviceUrls.manifest },
  { key: 'helpdesk', base: serviceUrls.helpdesk },
  { key: 'dataConsole', base: serviceUrls.dataConsole },
  { key: 'portal', base: serviceUrls.portal },
  { key: 'identity', base: '/auth/' },
  { key: 'cms', base: '/trade-server/graphql/' },
  { key: 'health', base: '/health/' },
];

/** Developers: the services' OpenAPI descriptions, and a viewer that tries their operations from this origin. */
export default function DevelopersPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('developers.title')} lead={t('developers.intro')}>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('developers.title')}</caption>
          <TableHead columns={[t('developers.service'), t('developers.description')]} actions={t('developers.view')} />
          <tbody>
            {SERVICES.map(({ key, base }) => {
              const url = `${base.replace(/\/$/, '')}/openapi.json`;
              return (
                <tr key={key}>
                  <td>{t(`developers.services.${key}`)}</td>
                  <td>
                    <a href={url} dir="ltr">
                      {url}
                    </a>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button-small button-light"
                      aria-controls={`${id}-viewer`}
                      aria-pressed={chosen === url}
                      onClick={() => setChosen(url)}
                    >
                      {t('developers.view')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div id={`${id}-viewer`} className="api-viewer" aria-live="polite">
        {chosen && <ApiViewer url={chosen} />}
      </div>
    </Page>
  );
}

export const Head = titledHead('developers.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
