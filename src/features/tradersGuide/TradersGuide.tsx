import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { BilingualText } from '../../components/BilingualText';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { usesTranslatedSearch } from '@guichet/shared/config/tenant';
import { commodityName, useReferenceList, type ReferenceRecord } from '../../http/reference';
import { useReferenceLookup } from '../../http/useReferenceLookup';
import { codeAsTyped, countryName, optionLabel, textLanguage, westernDigits } from '@guichet/shared/i18n/language';
import {
  commodityOf,
  EMPTY_CONSIGNMENT,
  procedureCode,
  useGuideConfigQuery,
  useNationalProceduresQuery,
  useRequiredDocumentsQuery,
  type Consignment,
  type FieldError,
  type RequiredDocument,
} from './api';
import { documentsTable } from './export';
import {
  addConsignment,
  documentsAsked,
  guideRestored,
  removeConsignment,
  resetGuide,
  setTypeOfDeclaration,
  selectTradersGuide,
} from './slice';
import { loadGuide, saveGuide } from './storage';
import { Field, FormActions } from '../../components/Form';
import { TableHead } from '../../components/TableHead';

const NONE: ReferenceRecord[] = [];
const NO_FIELD_ERRORS: Record<number, FieldError[]> = {};

const CONSIGNMENT_FIELDS = ['commodityCode', 'itemCountryOfOriginCode', 'extendedProcedureCode', 'nationalProcedureCode'] as const;
type ConsignmentField = (typeof CONSIGNMENT_FIELDS)[number];
/** Service messages the page words in the visitor's language. */
const KNOWN_ERRORS: Record<string, string> = {
  'Unknown commodity code': 'unknownCommodity',
  'Unknown country code': 'unknownCountry',
  'Unknown extended procedure code': 'unknownProcedure',
  'Unknown national procedure code': 'unknownNational',
  'Field is mandatory': 'mandatory',
};

const text = (row: ReferenceRecord, translated: boolean) => String((translated && row.descriptionTranslated) || row.description || '');
/** "en" when a row is shown by its English description on a page in another language, for screen readers. */
const englishOf = (row: ReferenceRecord, translated: boolean, language: string) =>
  language !== 'en' && !(translated && row.descriptionTranslated) ? 'en' : undefined;
const countryLabel = (row: ReferenceRecord, language: string, translated: boolean) =>
  countryName(String(row.code), language) ?? text(row, translated);

/** Required-documents wizard: a regime, consignments added and removed, the documents they need. */
export function TradersGuide({ language }: { language: string }) {
  const { t } = useTranslation('tradersGuide');
  const dispatch = useAppDispatch();
  const id = useId();
  const translated = usesTranslatedSearch(language);
  const { typeOfDeclaration, consignments, asked } = useAppSelector(selectTradersGuide);
  const config = useGuideConfigQuery();
  const documents = useRequiredDocumentsQuery(
    asked && !config.isLoading ? { typeOfDeclaration, consignments, ruleTypes: config.data?.meta?.ruleTypes } : skipToken,
  );
  const { isFetching: loading, refetch } = documents;
  const answered = asked && !documents.isError ? documents.currentData : undefined;
  const searched = asked && (documents.isSuccess || documents.isError);
  const data = useMemo(() => answered?.documents ?? [], [answered]);
  const fieldErrors = answered?.fieldErrors ?? NO_FIELD_ERRORS;
  const models = useReferenceList('modelOfDeclaration');
  const countryList = useReferenceList('country');
  const extendedProcedures = useReferenceList('extendedProcedure', 'notifications.suggestedFailed');
  const [draft, setDraft] = useState<Consignment>(EMPTY_CONSIGNMENT);
  const [draftErrors, setDraftErrors] = useState<Partial<Record<ConsignmentField, string>>>({});
  const commodities = useReferenceLookup('commodity', westernDigits(draft.commodityCode), translated, 15, language);
  const nationals = useNationalProceduresQuery(draft.extendedProcedureCode || skipToken).currentData ?? NONE;

  // The consignments of this browser tab come back after a reload; every change to them is kept (none: nothing kept).
  const restored = useRef(false);
  useEffect(() => {
    const stored = loadGuide();
    if (stored) dispatch(guideRestored(stored));
  }, [dispatch]);
  useEffect(() => {
    // The first state seen is the one before the kept consignments come back: it must not wipe them.
    if (!restored.current) {
      restored.current = true;
      return;
    }
    saveGuide({ typeOfDeclaration, consignments });
  }, [typeOfDeclaration, consignments]);

  // A removed consignment's button is gone: the focus goes to the next consignment's, else the previous one's,
  // else (none left) to the button that adds one.
  const consignmentsSection = useRef<HTMLElement>(null);
  const addForm = useRef<HTMLFormElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = consignmentsSection.current?.querySelectorAll<HTMLButtonElement>('button[data-remove-consignment]') ?? [];
    const next = buttons.length
      ? buttons[Math.min(index, buttons.length - 1)]
      : addForm.current?.querySelector<HTMLButtonElement>('button[type="submit"]');
    next?.focus();
  }, [consignments]);
  const remove = (index: number) => {
    removedAt.current = index;
    dispatch(removeConsignment(index));
  };

  const types = useMemo(() => [...new Set(models.map((model) => String(model.code)))], [models]);
  // The procedures of the regime: those whose first digit is one of its general procedure codes.
  const procedures = useMemo(() => {
    const general = new Set(models.filter((model) => model.code === typeOfDeclaration).map((model) => String(model.generalProcedureCode)));
    return extendedProcedures.filter((row) => general.has(procedureCode(row).charAt(0)));
  }, [models, extendedProcedures, typeOfDeclaration]);
  const countries = useMemo(
    () =>
      [...countryList].sort((a, b) => countryLabel(a, language, translated).localeCompare(countryLabel(b, language, translated), language)),
    [countryList, translated, language],
  );

  const changeType = (next: string) => {
    if (next === typeOfDeclaration) return;
    if (consignments.length && !window.confirm(t('confirmRegime'))) return;
    dispatch(setTypeOfDeclaration(next));
    setDraft(EMPTY_CONSIGNMENT);
  };

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<ConsignmentField, string>> = {};
    if (!draft.commodityCode.trim()) errors.commodityCode = t('errors.mandatory');
    // A code in digits (dots and spaces allowed, any script's digits): "abc" is said here, not after the search.
    else if (!/^\d{2,10}$/.test(codeAsTyped(draft.commodityCode))) errors.commodityCode = t('errors.commodityDigits');
    if (!draft.extendedProcedureCode) errors.extendedProcedureCode = t('errors.mandatory');
    setDraftErrors(errors);
    if (Object.keys(errors).length) {
      document.getElementById(`${id}-${Object.keys(errors)[0]}`)?.focus();
      return;
    }
    const code = codeAsTyped(draft.commodityCode);
    const name = await commodityOf(code, commodities, language, translated);
    dispatch(
      addConsignment({ ...draft, commodityCode: code, commodityDescription: name?.text ?? '', commodityDescriptionLanguage: name?.lang }),
    );
    setDraft(EMPTY_CONSIGNMENT);
  };

  const errorText = (error: FieldError) => (KNOWN_ERRORS[error.message] ? t(`errors.${KNOWN_ERRORS[error.message]}`) : error.message);
  const errorsOf = (index: number, field: ConsignmentField) => (fieldErrors[index] ?? []).filter((error) => error.field.endsWith(field));

  const columns = useMemo<Array<ColumnDef<RequiredDocument, unknown>>>(
    () => [
      { id: 'id', header: t('columns.id'), meta: { numeric: true }, accessorFn: (row) => row.id },
      { id: 'attDocCode', header: t('columns.code'), accessorFn: (row) => row.attDocCode },
      {
        id: 'attDocName',
        header: t('columns.name'),
        accessorFn: (row) => row.attDocName.description,
        cell: ({ row }) =>
          row.original.alternatives ? (
            <>
              {t('documents.oneOf')}
              <ul className="alternatives">
                {row.original.alternatives.map((alternative) => (
                  <li key={alternative.code}>
                    {alternative.code}:{' '}
                    <BilingualText
                      text={alternative.name.description}
                      translated={alternative.name.descriptionTranslated}
                      language={language}
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <BilingualText
              text={row.original.attDocName.description}
              translated={row.original.attDocName.descriptionTranslated}
              language={language}
            />
          ),
      },
      { id: 'applicable', header: t('columns.applicable'), accessorFn: (row) => row.applicableCommodityCodes.join(', ') },
    ],
    [t, language],
  );

  const exportTable = async () => documentsTable(data, typeOfDeclaration, consignments.length, language, translated, t);

  return (
    <div className="tool">
      <p className="notice notice-sample" role="note">
        {t('sampleNotice')}
      </p>
      <div className="search-form criteria-form">
        <Field id={`${id}-type`} label={t('fields.typeOfDeclaration')}>
          <select id={`${id}-type`} value={typeOfDeclaration} onChange={(event) => changeType(event.target.value)}>
            {(types.length ? types : ['IM', 'EX']).map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`, { defaultValue: type })}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <form
        ref={addForm}
        className="search-form criteria-form"
        aria-label={t('form.label')}
        noValidate
        onSubmit={(event) => void add(event)}
      >
        <Field id={`${id}-commodityCode`} label={t('fields.commodityCode')}>
          <input
            id={`${id}-commodityCode`}
            type="search"
            list={`${id}-commodities`}
            value={draft.commodityCode}
            onChange={(event) => setDraft({ ...draft, commodityCode: event.target.value })}
            placeholder={t('placeholders.commodityCode')}
            autoComplete="off"
            aria-invalid={draftErrors.commodityCode ? true : undefined}
            aria-describedby={draftErrors.commodityCode ? `${id}-commodityCode-error` : undefined}
          />
          <datalist id={`${id}-commodities`}>
            {commodities.map((row) => (
              <option key={String(row.code)} value={String(row.code)}>
                {commodityName(row, language, translated).text}
              </option>
            ))}
          </datalist>
          {draftErrors.commodityCode && (
            <p id={`${id}-commodityCode-error`} className="field-error">
              {draftErrors.commodityCode}
            </p>
          )}
        </Field>
        <Field id={`${id}-itemCountryOfOriginCode`} label={t('fields.itemCountryOfOriginCode')}>
          <select
            id={`${id}-itemCountryOfOriginCode`}
            value={draft.itemCountryOfOriginCode}
            onChange={(event) => setDraft({ ...draft, itemCountryOfOriginCode: event.target.value })}
          >
            <option value="">{t('form.any')}</option>
            {countries.map((row) => (
              <option key={String(row.code)} value={String(row.code)}>
                {`${countryLabel(row, language, translated)} (${row.code})`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-extendedProcedureCode`} label={t('fields.extendedProcedureCode')}>
          <select
            id={`${id}-extendedProcedureCode`}
            value={draft.extendedProcedureCode}
            onChange={(event) => setDraft({ ...draft, extendedProcedureCode: event.target.value, nationalProcedureCode: '' })}
            aria-invalid={draftErrors.extendedProcedureCode ? true : undefined}
            aria-describedby={draftErrors.extendedProcedureCode ? `${id}-extendedProcedureCode-error` : undefined}
          >
            <option value="">{t('form.choose')}</option>
            {procedures.map((row) => (
              <option key={procedureCode(row)} value={procedureCode(row)} lang={englishOf(row, translated, language)}>
                {optionLabel(procedureCode(row), text(row, translated))}
              </option>
            ))}
          </select>
          {draftErrors.extendedProcedureCode && (
            <p id={`${id}-extendedProcedureCode-error`} className="field-error">
              {draftErrors.extendedProcedureCode}
            </p>
          )}
        </Field>
        <Field id={`${id}-nationalProcedureCode`} label={t('fields.nationalProcedureCode')}>
          <select
            id={`${id}-nationalProcedureCode`}
            value={draft.nationalProcedureCode}
            onChange={(event) => setDraft({ ...draft, nationalProcedureCode: event.target.value })}
          >
            <option value="">{t('form.none')}</option>
            {nationals.map((row) => (
              <option key={String(row.code)} value={String(row.code)} lang={englishOf(row, translated, language)}>
                {optionLabel(String(row.code), text(row, translated))}
              </option>
            ))}
          </select>
        </Field>
        <FormActions submit={t('form.add')} submitClass="button button-secondary" />
      </form>

      <section ref={consignmentsSection} className="results" aria-labelledby={`${id}-consignments`}>
        <h2 id={`${id}-consignments`}>{t('consignments.title', { count: consignments.length })}</h2>
        {consignments.length === 0 ? (
          <p className="hint">{t('consignments.empty')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('consignments.caption')}</caption>
              <TableHead columns={['#', ...CONSIGNMENT_FIELDS.map((field) => t(`fields.${field}`))]} actions={t('consignments.actions')} />
              <tbody>
                {consignments.map((consignment, index) => (
                  <tr key={`${index}-${consignment.commodityCode}`} aria-invalid={fieldErrors[index] ? true : undefined}>
                    <td>{index + 1}</td>
                    {CONSIGNMENT_FIELDS.map((field) => (
                      <td key={field}>
                        {consignment[field] || '-'}
                        {field === 'commodityCode' && consignment.commodityDescription && (
                          <>
                            <br />
                            <small {...textLanguage(consignment.commodityDescriptionLanguage ?? (translated ? language : 'en'))}>
                              {consignment.commodityDescription}
                            </small>
                          </>
                        )}
                        {errorsOf(index, field).map((error) => (
                          <p key={error.message} className="field-error" role="alert">
                            {errorText(error)}
                          </p>
                        ))}
                      </td>
                    ))}
                    <td>
                      <button type="button" className="link-button" data-remove-consignment onClick={() => remove(index)}>
                        {t('consignments.remove', { index: index + 1 })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={!consignments.length || loading}
            // The same consignments again (after a failure, say) ask the service again.
            onClick={() => (asked && !documents.isUninitialized ? void refetch() : dispatch(documentsAsked()))}
          >
            {t('form.find')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              dispatch(resetGuide());
              setDraft(EMPTY_CONSIGNMENT);
              setDraftErrors({});
            }}
          >
            {t('form.reset')}
          </button>
        </div>
      </section>

      <section className="results" aria-labelledby={`${id}-documents`} aria-busy={loading}>
        <div className="results-head">
          <h2 id={`${id}-documents`}>{t('documents.title')}</h2>
          {data.length > 0 && (
            <div className="results-actions">
              <ExportMenu load={exportTable} fileName="required-documents" />
            </div>
          )}
        </div>
        {loading && (
          <p className="loading" role="status">
            {t('documents.loading')}
          </p>
        )}
        {!loading && searched && data.length === 0 && Object.keys(fieldErrors).length === 0 && <p role="status">{t('documents.none')}</p>}
        {!loading && Object.keys(fieldErrors).length > 0 && (
          <p className="form-error" role="alert">
            {t('documents.fixErrors')}
          </p>
        )}
        {data.length > 0 && (
          <DataTable
            caption={t('documents.caption', { count: data.length })}
            columns={columns}
            data={data}
            rowKey={(row) => row.attDocCode}
          />
        )}
      </section>
    </div>
  );
}
