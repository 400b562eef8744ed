import React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { Field, fieldText, FormActions, SearchForm } from './Form';
import { SearchPager } from './Pager';
import { numeric, TableHead } from './TableHead';

describe('the shared form parts', () => {
  it('a search form hands over its fields as sent, without the browser navigating or validating', () => {
    const onSearch = vi.fn();
    const view = render(
      <SearchForm label="Tariff" onSearch={onSearch}>
        <Field id="k" label="Keyword">
          <input id="k" name="keyword" defaultValue="rice" />
        </Field>
        <FormActions submit="Search" />
      </SearchForm>,
    );
    const form = view.getByRole('search', { name: 'Tariff' });
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(view.getByLabelText('Keyword')).toBe(view.container.querySelector('#k'));
    const submitted = fireEvent.submit(form);
    expect(submitted).toBe(false); // default prevented: no page load
    expect(onSearch).toHaveBeenCalledTimes(1);
    const fields = onSearch.mock.calls[0][0] as FormData;
    expect(fieldText(fields, 'keyword')).toBe('rice');
    expect(fieldText(fields, 'absent')).toBe('');
  });

  it('form actions show a reset button only when the form can be emptied, and it does not send the form', () => {
    const onReset = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const view = render(
      <form onSubmit={onSubmit}>
        <FormActions submit="Search" disabled reset={{ label: 'Clear', onClick: onReset }} />
      </form>,
    );
    expect((view.getByText('Search') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(view.getByText('Clear'));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    view.unmount();
    expect(render(<FormActions submit="Search" />).queryAllByRole('button')).toHaveLength(1);
  });

  it('a table header aligns number columns and names the actions column for screen readers only', () => {
    const view = render(
      <table>
        <TableHead columns={['Code', numeric('Rate')]} actions="Actions" />
      </table>,
    );
    const headers = view.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Code', 'Rate', 'Actions']);
    expect(headers.map((header) => header.className)).toEqual(['', 'numeric', '']);
    expect(headers[2].querySelector('.visually-hidden')?.textContent).toBe('Actions');
  });

  it("a search's pager asks the same search for another page, and from the first page for another size", () => {
    const onSearch = vi.fn();
    const search = { keyword: 'rice', page: 2, size: 10 };
    const view = render(<SearchPager search={search} totalCount={45} onSearch={onSearch} />);
    fireEvent.click(view.getByText('table.next'));
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: 'rice', page: 3, size: 10 });
    fireEvent.change(view.getByRole('combobox'), { target: { value: '25' } });
    expect(onSearch).toHaveBeenLastCalledWith({ keyword: 'rice', page: 1, size: 25 });
  });
});
