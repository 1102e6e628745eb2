import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { SetBaseInfoPage } from '../src/pages/set-base-info/set-base-info-page';

const baseData = { isRegiste: true, verifyCode: '666666', phoneNumber: '13800000001', areaCode: '+86' };
const withQuery = `/setBaseInfo?baseData=${encodeURIComponent(JSON.stringify(baseData))}`;

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderAt(entry: string | { pathname: string; search: string; state: unknown }) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/setBaseInfo" element={<SetBaseInfoPage />} />
        <Route path="/setPassword" element={<p>the password screen</p>} />
        <Route path="/login" element={<p>the login screen</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** /setBaseInfo (docs/product.md#login-routes): the nickname step of a registration. */
describe('the nickname step', () => {
  beforeAll(async () => {
    await initI18n();
    await loadWholeCatalogue();
  });
  afterEach(cleanup);

  it('sends a visit without the password chosen the step before back to choose it, not to a blank page', async () => {
    renderAt(withQuery);
    expect(await screen.findByText('the password screen')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toMatch(/^\/setPassword\?baseData=/);
  });

  it('shows the form with the password from the step before, and takes the data out of the address', async () => {
    renderAt({
      pathname: '/setBaseInfo',
      search: withQuery.slice('/setBaseInfo'.length),
      state: { password: 'secret12' },
    });
    expect(await screen.findByRole('textbox')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/setBaseInfo');
  });

  it('sends a visit without its data to the login screen', async () => {
    renderAt('/setBaseInfo');
    expect(await screen.findByText('the login screen')).toBeTruthy();
  });
});
