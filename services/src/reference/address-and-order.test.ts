import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, searchOn, startTestService, type TestService } from './test-database.js';

describe.each(BACKENDS)('address restriction and numeric code order ($name)', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, ['codelists', 'sample']);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const search = searchOn(() => service);
  const byAddress = (entity: string, operator: string, value: string) =>
    search(entity, { restrictions: [{ field: 'address', operator, value }], max: 5000 });

  it('matches an address on its second line: the city and the country', async () => {
    // Custom House, Chattogram: address1 "Customs Building, Chattogram", address2 "Chattogram, Bangladesh".
    const offices = await byAddress('customsOffice', 'CONTAINS', 'Bangladesh');
    expect(offices.status).toBe(200);
    const all = await search('customsOffice', { max: 5000 });
    expect(offices.body.totalCount).toBe(all.body.totalCount);
    const chattogram = await byAddress('customsOffice', 'CONTAINS', 'chattogram');
    expect(chattogram.body.resultList.map((row) => row.description)).toContain('Custom House, Chattogram');
    // Companies have the city on the second line only ("Chattogram 4000, Bangladesh").
    const companies = await byAddress('company', 'CONTAINS', 'Chattogram');
    expect(companies.body.totalCount).toBeGreaterThan(0);
    for (const row of companies.body.resultList) expect(`${row.address1} ${row.address2}`).toMatch(/Chattogram/);
    const firstLine = await search('company', {
      restrictions: [{ field: 'address1', operator: 'CONTAINS', value: 'Chattogram' }],
      max: 5000,
    });
    expect(companies.body.totalCount).toBeGreaterThan(firstLine.body.totalCount);
  });

  it('combines the address with the other restrictions and refuses operators that would not mean "any line"', async () => {
    const both = await search('customsOffice', {
      restrictBy: 'AND',
      restrictions: [
        { field: 'address', operator: 'CONTAINS', value: 'Dhaka' },
        { field: 'description', operator: 'CONTAINS', value: 'Pangaon' },
      ],
    });
    expect(both.body.resultList.map((row) => row.description)).toEqual(['Custom House, Pangaon']);
    const refused = await byAddress('customsOffice', 'NOT_EQUALS', 'x');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/restrictions\[0\]\.operator/);
    // Only entities with addresses have the field; it cannot be selected.
    expect((await byAddress('currency', 'CONTAINS', 'x')).status).toBe(400);
    expect((await search('customsOffice', { selectFields: ['address'] })).status).toBe(400);
  });

  it('sorts attached document codes as numbers, both ways', async () => {
    const ascending = await search('attachedDocument', { selectFields: ['code'], max: 5000 });
    const codes = ascending.body.resultList.map((row) => Number(row.code));
    expect(codes.length).toBeGreaterThan(100);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(codes.slice(0, 3)).toEqual([1, 2, 3]);
    const descending = await search('attachedDocument', {
      selectFields: ['code'],
      sortByFields: [{ field: 'code', order: 'DESC' }],
      max: 5000,
    });
    expect(descending.body.resultList.map((row) => Number(row.code))).toEqual([...codes].reverse());
    // Other lists keep text order.
    const units = await search('unitOfMeasurement', { selectFields: ['code'], max: 5000 });
    const unitCodes = units.body.resultList.map((row) => String(row.code));
    expect(unitCodes).toEqual([...unitCodes].sort());
  });
});
