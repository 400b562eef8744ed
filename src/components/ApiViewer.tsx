import React, { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../http/client';
import { useOpenApiQuery, type OpenApiOperation } from '../http/pages';
import { Field, FormActions } from './Form';

type Operation = OpenApiOperation;

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
/** Answers longer than this are cut in the viewer. */
const MAX_SHOWN = 20_000;

/** One operation: its parameters, and a form that sends it from this page (same origin, the visitor's own session). */
function OperationPanel({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const { t } = useTranslation('common');
  const id = useId();
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' || parameter.in === 'path');
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState('{}');
  const [answer, setAnswer] = useState<{ status: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    let url = path;
    const query = new URLSearchParams();
    for (const parameter of parameters) {
      const value = values[parameter.name] ?? '';
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (value !== '') query.set(parameter.name, value);
    }
    const target = `${url}${query.size ? `?${query}` : ''}`;
    try {
      const response = await http.request({
        method,
        url: target,
        data: method === 'get' ? undefined : JSON.parse(body || '{}'),
        responseType: 'text',
        transitional: { silentJSONParsing: true },
        validateStatus: () => true,
      });
      setAnswer({ status: response.status, text: String(response.data).slice(0, MAX_SHOWN) });
    } catch (error) {
      setAnswer({ status: 0, text: error instanceof SyntaxError ? t('developers.badJson') : t('developers.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="api-operation">
      <summary>
        <span className={`api-method api-${method}`}>{method.toUpperCase()}</span> <code dir="ltr">{path}</code>
        {operation.summary && (
          <span className="api-summary" lang="en" dir="ltr">
            {' '}
            {operation.summary}
          </span>
        )}
      </summary>
      <form onSubmit={send}>
        {parameters.length === 0 && method === 'get' && <p className="hint">{t('developers.noParameters')}</p>}
        {parameters.map((parameter) => (
          <div className="field" key={`${parameter.in} ${parameter.name}`}>
            <label htmlFor={`${id}-${parameter.name}`}>
              <code>{parameter.name}</code> ({parameter.in}
              {parameter.required ? `, ${t('developers.required')}` : ''})
            </label>
            <input
              id={`${id}-${parameter.name}`}
              dir="ltr"
              required={parameter.required}
              value={values[parameter.name] ?? ''}
              onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
            />
          </div>
        ))}
        {method !== 'get' && (
          <Field id={`${id}-body`} label={t('developers.body')}>
            <textarea id={`${id}-body`} dir="ltr" rows={4} value={body} onChange={(event) => setBody(event.target.value)} />
          </Field>
        )}
        <FormActions submit={t('developers.send')} submitClass="button button-small" disabled={busy} />
      </form>
      {answer && (
        <div role="status">
          <p>{t('developers.status', { status: answer.status })}</p>
          <pre className="api-answer" dir="ltr" tabIndex={0}>
            {answer.text}
          </pre>
        </div>
      )}
    </details>
  );
}

/** A service's OpenAPI description, read from the portal's origin, with its operations ready to try. */
export function ApiViewer({ url }: { url: string }) {
  const { t } = useTranslation('common');
  const { data, isLoading: loading, isError: error } = useOpenApiQuery(url);
  if (loading) return <p className="loading">{t('account.loading')}</p>;
  if (error || !data) return <p role="alert">{t('developers.failed')}</p>;
  return (
    <section aria-label={data.info.title}>
      <h3 lang="en" dir="ltr">
        {data.info.title}
      </h3>
      {data.info.description && (
        <p lang="en" dir="ltr">
          {data.info.description}
        </p>
      )}
      {Object.entries(data.paths).flatMap(([path, operations]) =>
        METHODS.filter((method) => operations[method]).map((method) => (
          <OperationPanel key={`${method} ${path}`} method={method} path={path} operation={operations[method]} />
        )),
      )}
    </section>
  );
}
