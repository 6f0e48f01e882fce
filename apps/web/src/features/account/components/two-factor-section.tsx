import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OtpInit } from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { account } from '../../../messages/de';
import { useFocusAfterRender } from './use-focus-after-render';

const text = account.twoFactor;

export interface TwoFactorSectionProps {
  /** From the token's roles; null while it is read. */
  isActive: boolean | null;
  isDisabled: boolean;
  /** Set when the identity provider manages the second factor: says so, offers no change. */
  managedElsewhere?: string;
  onInit(): Promise<OtpInit>;
  /** Resolve when done; reject with a German message. */
  onActivate(otpSecret: string, otpCode: string): Promise<void>;
  onDisable(otpCode: string): Promise<void>;
}

/** A touch screen (a phone, a tablet): the QR code is shown on the device that would scan it. */
export const TOUCH_QUERY = '(pointer: coarse)';

/** Groups the secret in fours for reading it off the screen. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function CodeForm({
  submitLabel,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    const value = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(value)) return setError(text.codeFormat);
    setIsBusy(true);
    try {
      await onSubmit(value);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.failed);
      setIsBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <TextInput
        label={text.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={error}
        onChange={(event) => setCode(event.currentTarget.value)}
        w={{ base: '100%', sm: 240 }}
      />
      <Group mt="md">
        <Button variant="default" onClick={onCancel} disabled={isBusy}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={isBusy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then((qrcode) =>
      qrcode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => {
        if (isCurrent) setSrc(url);
      }),
    );
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={text.qrAlt} width={200} height={200} data-testid="otp-qr" />
  ) : (
    <div style={{ width: 200, height: 200 }} />
  );
}

/** Status from the token's roles; set-up with QR code and key, or switching off with a code. */
export function TwoFactorSection({
  isActive,
  isDisabled,
  managedElsewhere,
  onInit,
  onActivate,
  onDisable,
}: TwoFactorSectionProps) {
  const [setup, setSetup] = useState<OtpInit | null>(null);
  const [isDisabling, setIsDisabling] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const isTouch = useMediaQuery(TOUCH_QUERY, false, { getInitialValueInEffect: false });
  const setupIntro = useRef<HTMLParagraphElement>(null);
  const disableButton = useRef<HTMLButtonElement>(null);
  const disableIntro = useRef<HTMLParagraphElement>(null);
  // The button pressed disappears with its step: the focus goes to the new step's instructions,
  // and back to the button when the step is cancelled.
  const focusAfterRender = useFocusAfterRender();

  const start = async () => {
    setIsStarting(true);
    setError(null);
    try {
      setSetup(await onInit());
      focusAfterRender(setupIntro);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.failed);
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm">{text.statusLabel}:</Text>
        {isActive !== null && (
          <Badge
            color={isActive ? 'green' : 'gray'}
            variant="light"
            data-testid="two-factor-status"
          >
            {isActive ? text.active : text.inactive}
          </Badge>
        )}
      </Group>
      <Text size="sm">{text.intro}</Text>
      {managedElsewhere && <Text size="sm">{managedElsewhere}</Text>}
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      {isActive === false && !setup && !managedElsewhere && (
        <Group>
          <Button
            ref={startButton}
            onClick={start}
            loading={isStarting}
            disabled={isDisabled}
            // The label wraps on a phone instead of being cut off.
            h="auto"
            mih="var(--button-height)"
            py={6}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
          >
            {text.start}
          </Button>
        </Group>
      )}
      {isActive === false && setup && (
        <Stack gap="sm">
          <Text size="sm" ref={setupIntro} tabIndex={-1}>
            {text.scan}
          </Text>
          <QrCode uri={setup.otpAuthUri} />
          {isTouch && (
            // On a phone the authenticator app is on the same device: the otpauth link hands it
            // the key (as the QR code would), instead of typing 32 characters by hand.
            <Group>
              <Button component="a" href={setup.otpAuthUri} variant="light">
                {text.openInApp}
              </Button>
            </Group>
          )}
          <div>
            <Text size="sm" id="otp-secret-label">
              {text.secretLabel}
            </Text>
            <Code fz="md" aria-labelledby="otp-secret-label" data-testid="otp-secret">
              {groupSecret(setup.otpSecret)}
            </Code>
            <Text size="sm" mt={4}>
              {text.keepSecret}
            </Text>
          </div>
          <CodeForm
            submitLabel={text.activate}
            onCancel={() => {
              setSetup(null);
              focusAfterRender(startButton);
            }}
            onSubmit={async (code) => {
              await onActivate(setup.otpSecret, code);
              setSetup(null);
            }}
          />
        </Stack>
      )}
      {isActive === true && !isDisabling && !managedElsewhere && (
        <Group>
          <Button
            ref={disableButton}
            color="red"
            variant="outline"
            onClick={() => {
              setIsDisabling(true);
              focusAfterRender(disableIntro);
            }}
            disabled={isDisabled}
          >
            {text.disable}
          </Button>
        </Group>
      )}
      {isActive === true && isDisabling && (
        <Stack gap="xs">
          <Text size="sm" ref={disableIntro} tabIndex={-1}>
            {text.disableIntro}
          </Text>
          <CodeForm
            submitLabel={text.disable}
            onCancel={() => {
              setIsDisabling(false);
              focusAfterRender(disableButton);
            }}
            onSubmit={async (code) => {
              await onDisable(code);
              setIsDisabling(false);
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
