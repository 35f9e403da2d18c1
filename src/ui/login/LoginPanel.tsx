import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/endpoints.ts';
import { isValidEmail, normalizeIsraeliMobile } from '../../domain/validation.ts';
import { setCustomer } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import { useLocale } from '../useLocale.ts';
import { errorText } from '../errorText.ts';
import { captchaToken } from '../../api/captcha.ts';
import { CodeInput } from '../CodeInput.tsx';

type Step = { kind: 'phone' } | { kind: 'code'; mobile: string } | { kind: 'email' };

/**
 * Personal-area login (spec section 2): a mobile number, then the 6-digit code sent by SMS, with the
 * order, ID or member number when the venue asks for one; or an e-mail and password.
 * With `identify` (the voucher order's authentication step) a number the box office does not know gets a
 * code too, and the code opens an account for it: a new customer can buy, and what they buy is theirs.
 */
export function LoginPanel({ identify = false }: { identify?: boolean } = {}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings } = useSnapshot(session);
  const area = settings?.customerArea;
  const extra = area?.extraLoginField ?? 'none';
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [extraValue, setExtraValue] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One check of a code at a time: the full code sends itself, and a tap on the button or Enter while it
  // is on its way would send it again (the box office counts wrong tries).
  const checking = useRef(false);

  function switchTo(next: Step) {
    setError(null);
    setFieldError(null);
    setStep(next);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (number: string) =>
    run(async () => {
      const normal = normalizeIsraeliMobile(number);
      if (!normal) {
        setFieldError(t('errors.invalid_mobileNumber'));
        return;
      }
      setFieldError(null);
      const recaptchaToken = await captchaToken(area?.captchaSiteKey ?? null, 'mobile_login');
      await api.mobileLogin(
        { mobileNumber: normal, sendSmsRegardlessOfCustomerExistence: identify, recaptchaToken },
        locale,
      );
      setCode('');
      setInfo(t('account.codeSent', { mobile: normal }));
      setStep({ kind: 'code', mobile: normal });
    });

  const validate = async (mobileNumber: string, smsCode: string) => {
    if (checking.current) return;
    checking.current = true;
    await run(async () => {
      if (!/^\d{6}$/.test(smsCode)) {
        setFieldError(t('account.codeSixDigits'));
        return;
      }
      if (extra !== 'none' && !extraValue.trim()) {
        setFieldError(t('errors.field_required', { field: t(`account.extra.${extra}`) }));
        return;
      }
      setFieldError(null);
      const { data } = await api.mobileLoginValidation({
        mobileNumber,
        smsCode,
        ...(extra !== 'none' ? { [extra]: extraValue.trim() } : {}),
      });
      setCustomer(data.customerInfo);
    });
    checking.current = false;
  };

  const emailLogin = () =>
    run(async () => {
      if (!isValidEmail(email.trim()) || !password) {
        setFieldError(t('account.emailAndPassword'));
        return;
      }
      setFieldError(null);
      const recaptchaToken = await captchaToken(area?.captchaSiteKey ?? null, 'login');
      const { data } = await api.emailLogin({
        email: email.trim(),
        password,
        includeMemberships: true,
        recaptchaToken,
      });
      setCustomer(data.customerInfo);
    });

  return (
    <Stack gap="md" maw={420} mx="auto" data-testid="login-panel">
      <Title order={2}>{t('account.loginTitle')}</Title>
      {error ? (
        <Alert color="red" data-testid="login-error">
          {error}
        </Alert>
      ) : null}
      {step.kind === 'phone' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void sendCode(mobile);
          }}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('account.phoneIntro')}
            </Text>
            <TextInput
              label={t('customer.fields.mobileNumber')}
              type="tel"
              autoComplete="tel"
              dir="ltr"
              name="mobileNumber"
              value={mobile}
              onChange={(e) => setMobile(e.currentTarget.value)}
              error={fieldError}
              placeholder="050-1234567"
              required
            />
            <Button type="submit" loading={busy} data-testid="send-code">
              {t('account.sendCode')}
            </Button>
            {area?.isEmailLoginEnabled ? (
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo({ kind: 'email' })}>
                {t('account.useEmail')}
              </Anchor>
            ) : null}
          </Stack>
        </form>
      ) : null}
      {step.kind === 'code' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void validate(step.mobile, code);
          }}
        >
          <Stack gap="sm">
            {info ? (
              <Text size="sm" data-testid="code-sent">
                {info}
              </Text>
            ) : null}
            <Text size="sm" fw={500} id="sms-code-label">
              {t('account.codeLabel')}
            </Text>
            <Group dir="ltr" justify="center">
              <CodeInput
                length={6}
                oneTimeCode
                value={code}
                onChange={setCode}
                // The last digit typed (or the whole code pasted or filled in from the SMS) logs in: no
                // further tap on a phone. Where the venue asks for more, the button does once it is there.
                onComplete={(full) => {
                  if (extra === 'none' || extraValue.trim()) void validate(step.mobile, full);
                }}
                error={fieldError !== null}
                aria-label={t('account.codeLabel')}
                data-testid="sms-code"
              />
            </Group>
            {extra !== 'none' ? (
              <TextInput
                label={t(`account.extra.${extra}`)}
                dir="ltr"
                value={extraValue}
                onChange={(e) => setExtraValue(e.currentTarget.value)}
                required
              />
            ) : null}
            {fieldError ? (
              <Text size="sm" c="red">
                {fieldError}
              </Text>
            ) : null}
            <Button type="submit" loading={busy} data-testid="verify-code">
              {t('account.login')}
            </Button>
            <Group justify="space-between">
              <Anchor component="button" type="button" size="sm" onClick={() => void sendCode(step.mobile)}>
                {t('account.resendCode')}
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => switchTo({ kind: 'phone' })}>
                {t('account.changeNumber')}
              </Anchor>
            </Group>
            {area?.smsOutbox ? (
              <Alert color="gray" variant="light" title={t('account.devOutboxTitle')}>
                <Anchor component={Link} to="/dev/sms-outbox" target="_blank" size="sm">
                  {t('account.devOutbox')}
                </Anchor>
              </Alert>
            ) : null}
          </Stack>
        </form>
      ) : null}
      {step.kind === 'email' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void emailLogin();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('customer.fields.email')}
              type="email"
              autoComplete="email"
              dir="ltr"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
            <PasswordInput
              label={t('account.password')}
              autoComplete="current-password"
              name="password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            {fieldError ? (
              <Text size="sm" c="red">
                {fieldError}
              </Text>
            ) : null}
            <Button type="submit" loading={busy} data-testid="email-login">
              {t('account.login')}
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => switchTo({ kind: 'phone' })}>
              {t('account.usePhone')}
            </Anchor>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
