import React, { useEffect, useId, useState } from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { isNotFound, type CallError } from '../../app/api';
import { paths } from '../../config/routes';
import { tenant } from '@guichet/shared/config/tenant';
import { HISTORY_MAX_DAYS } from '@guichet/shared/api/rates';
import { direction, formatDate, formatNumber } from '@guichet/shared/i18n/language';
import { isDay, shiftDays, todayIso, useRateHistoryQuery, type RateHistory } from './api';
import { Field, FormActions } from '../../components/Form';
import { numeric, TableHead } from '../../components/TableHead';

const WIDTH = 720;
const HEIGHT = 300;
const PAD = { top: 16, bottom: 40, side: 72 };
export interface ChartQuery {
  currency: string;
  from: string;
  to: string;
}

/** The chart a link asks for; a date that is not a day of the calendar is the default one. */
export function queryFromUrl(search: string): ChartQuery {
  const params = new URLSearchParams(search);
  const to = isDay(params.get('to') ?? '') ? params.get('to')! : todayIso();
  const from = isDay(params.get('from') ?? '') ? params.get('from')! : shiftDays(to, -30);
  return { currency: (params.get('currency') ?? 'USD').toUpperCase().slice(0, 3), from, to };
}

/** What is wrong with a chart's currency and period, as a key of the rates texts; null when nothing is. */
export function chartProblem(query: ChartQuery): 'converter.mandatory' | 'chart.order' | 'chart.tooLong' | null {
  if (!/^[A-Z]{3}$/.test(query.currency) || !isDay(query.from) || !isDay(query.to)) return 'converter.mandatory';
  if (query.from > query.to) return 'chart.order';
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000;
  return days > HISTORY_MAX_DAYS ? 'chart.tooLong' : null;
}

/** Round figures for the rate axis: about five ticks between the lowest and highest rate. */
export function rateTicks(min: number, max: number, count = 5): number[] {
  if (min === max) return [min];
  const rough = (max - min) / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  let value = Math.floor(min / step) * step;
  for (;;) {
    ticks.push(Number(value.toFixed(10)));
    if (value >= max - step * 1e-9) return ticks;
    value += step;
  }
}

/** The line of a currency's rate over time; time runs right to left on right-to-left pages. */
export function RateLine({ history, language }: { history: RateHistory; language: string }) {
  const { t } = useTranslation('rates');
  const titleId = useId();
  const rtl = direction(language) === 'rtl';
  const rates = history.points.map((point) => point.rate);
  const ticks = rateTicks(Math.min(...rates), Math.max(...rates));
  const low = Math.min(ticks[0], ...rates);
  const high = Math.max(ticks[ticks.length - 1], ...rates);
  const innerWidth = WIDTH - 2 * PAD.side;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => {
    const share = history.points.length > 1 ? index / (history.points.length - 1) : 0.5;
    return PAD.side + (rtl ? 1 - share : share) * innerWidth;
  };
  const y = (rate: number) => PAD.top + (high === low ? innerHeight / 2 : ((high - rate) / (high - low)) * innerHeight);
  const line = history.points.map((point, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(point.rate).toFixed(1)}`).join(' ');
  const first = history.points[0];
  const last = history.points[history.points.length - 1];
  const dateTicks = [0, Math.floor((history.points.length - 1) / 2), history.points.length - 1].filter((v, i, all) => all.indexOf(v) === i);
  const summary = t('chart.summary', {
    currency: history.code,
    from: formatDate(first.date, language),
    to: formatDate(last.date, language),
    first: formatNumber(first.rate),
    last: formatNumber(last.rate),
    min: formatNumber(Math.min(...rates)),
    max: formatNumber(Math.max(...rates)),
    local: tenant.currency,
  });
  return (
    <figure className="rate-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>{summary}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={PAD.side} x2={WIDTH - PAD.side} y1={y(tick)} y2={y(tick)} />
            <text
              className="axis"
              x={rtl ? WIDTH - PAD.side + 8 : PAD.side - 8}
              y={y(tick)}
              dy="0.32em"
              textAnchor={rtl ? 'start' : 'end'}
              direction="ltr"
            >
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {dateTicks.map((index) => (
          <text key={index} className="axis" x={x(index)} y={HEIGHT - PAD.bottom + 20} textAnchor="middle" direction="ltr">
            {formatDate(history.points[index].date, language)}
          </text>
        ))}
        <path className="line" d={line} />
        {history.points.length <= 62 &&
          history.points.map((point, index) => <circle key={point.date} className="dot" cx={x(index)} cy={y(point.rate)} r={2.5} />)}
      </svg>
      <figcaption>{summary}</figcaption>
      <details className="chart-data">
        <summary>{t('chart.table')}</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('chart.tableCaption', { currency: history.code })}</caption>
            <TableHead columns={[t('chart.date'), numeric(t('columns.rate', { currency: tenant.currency }))]} />
            <tbody>
              {history.points.map((point) => (
                <tr key={point.date}>
                  <td>{formatDate(point.date, language)}</td>
                  <td className="numeric">{formatNumber(point.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** A currency's customs rate over a chosen period. */
export function RateChart({ language }: { language: string }) {
  const { t } = useTranslation('rates');
  const [query, setQuery] = useState<ChartQuery | null>(null);
  const [form, setForm] = useState<ChartQuery>({ currency: '', from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);

  // A link's period the wrong way round is shown as the form would show it, not asked for.
  useEffect(() => {
    const initial = queryFromUrl(window.location.search);
    setForm(initial);
    const wrong = chartProblem(initial);
    if (wrong) setProblem(t(wrong, { days: HISTORY_MAX_DAYS }));
    else setQuery(initial);
  }, [t]);

  const history = useRateHistoryQuery(query ?? skipToken);
  const { currentData: data, isFetching: loading, error } = history;
  const notFound = isNotFound(error);
  const unknownCurrency = (error as CallError | undefined)?.reason === 'unknownCurrency';

  return (
    <div className="tool">
      <form
        className="search-form chart-form"
        noValidate
        aria-label={t('chart.form')}
        onSubmit={(event) => {
          event.preventDefault();
          const next = { ...form, currency: form.currency.trim().toUpperCase() };
          const wrong = chartProblem(next);
          if (wrong) return setProblem(t(wrong, { days: HISTORY_MAX_DAYS }));
          setProblem(null);
          window.history.replaceState(null, '', `${window.location.pathname}?${new URLSearchParams({ ...next }).toString()}`);
          setQuery(next);
        }}
      >
        <Field id="chart-currency" label={t('converter.currency')}>
          <input
            id="chart-currency"
            value={form.currency}
            maxLength={3}
            onChange={(event) => setForm({ ...form, currency: event.target.value })}
            autoComplete="off"
          />
        </Field>
        <Field id="chart-from" label={t('chart.from')}>
          <input id="chart-from" type="date" value={form.from} onChange={(event) => setForm({ ...form, from: event.target.value })} />
        </Field>
        <Field id="chart-to" label={t('chart.to')}>
          <input id="chart-to" type="date" value={form.to} onChange={(event) => setForm({ ...form, to: event.target.value })} />
        </Field>
        <FormActions submit={t('chart.show')} />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <section className="results" aria-busy={loading} aria-labelledby="chart-title">
        <h2 id="chart-title">{query ? t('chart.title', { currency: query.currency }) : t('chart.heading')}</h2>
        {loading && (
          <p className="loading" role="status">
            {t('results.loading')}
          </p>
        )}
        {notFound && (
          <div className="empty-state" role="status">
            <p>
              <strong>{t(unknownCurrency ? 'converter.notFound' : 'converter.noRate')}</strong>
            </p>
          </div>
        )}
        {data && data.points.length > 0 && <RateLine history={data} language={language} />}
      </section>
      <p className="browse-link">
        <Link to={`/${language}${paths.exchangeRates}`}>{t('chart.back')}</Link>
      </p>
    </div>
  );
}
