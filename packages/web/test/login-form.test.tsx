import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PLATFORM_WEB, UsedFor } from '@im/protocol';
import { LoginPage } from '../src/pages/login/login-page';
import { GetCodePage } from '../src/pages/get-code/get-code-page';
import { im } from '../src/sdk/im';
import { initI18n } from '../src/i18n';
import { loadToast } from '../src/utils/antd-setup';

/**
 * The sign-in forms without antd-mobile's Form (docs/decisions.md#first-screen): the format rules
 * of docs/product.md#validation, shown when a field is left or the form is sent, and nothing sent
 * while a field is wrong.
 */
beforeAll(async () => {
  await loadToast();
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <LoginPage />
    </MemoryRouter>,
  );
}

const phoneInput = () => screen.getByRole('textbox', { name: 'Phone number' });

describe('/login form', () => {
  it('shows the phone format error when the number is left wrong, and clears it once corrected', () => {
    openLogin();
    fireEvent.change(phoneInput(), { target: { value: '12' } });
    expect(screen.queryByText('incorrect phone number format')).toBeNull();
    fireEvent.blur(phoneInput());
    expect(screen.getByRole('alert').textContent).toBe('incorrect phone number format');
    expect(phoneInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(phoneInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('sends nothing while a field is wrong, and names every wrong field', async () => {
    const login = vi.spyOn(im.account, 'login');
    openLogin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect(login).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['incorrect phone number format', 'please enter your password']);
  });

  it('logs in by e-mail and password with the address trimmed and lower-cased', async () => {
    const login = vi.spyOn(im.account, 'login').mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Use e-mail' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: ' Ann@Example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect(login).toHaveBeenCalledWith({
      email: 'ann@example.com',
      password: 'abc12345',
      platform: PLATFORM_WEB,
    });
  });

  it('by code: "Get code" checks the number first and then asks for a login code', async () => {
    const sendCode = vi.spyOn(im.account, 'sendCode').mockResolvedValue(undefined as never);
    openLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Use verification code' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('incorrect phone number format');
    fireEvent.change(phoneInput(), { target: { value: '13800138000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(sendCode).toHaveBeenCalledWith({
      areaCode: '+86',
      phoneNumber: '13800138000',
      usedFor: UsedFor.LOGIN,
    });
  });
});

describe('/getCode form', () => {
  it('checks the e-mail address before a registration code is sent, with the invitation code', async () => {
    const sendCode = vi.spyOn(im.account, 'sendCode').mockResolvedValue(undefined as never);
    render(
      <MemoryRouter initialEntries={['/getCode?isRegiste=true&isByEmail=true']}>
        <GetCodePage />
      </MemoryRouter>,
    );
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    const send = screen.getByRole('button', { name: 'Send verification code' });
    await act(async () => fireEvent.click(send));
    expect(sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('incorrect e-mail format');
    fireEvent.change(email, { target: { value: 'bo@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Invitation code (optional)' }), {
      target: { value: ' inv-1 ' },
    });
    await act(async () => fireEvent.click(send));
    expect(sendCode).toHaveBeenCalledWith({
      email: 'bo@example.com',
      usedFor: UsedFor.REGISTER,
      invitationCode: 'inv-1',
    });
  });
});
