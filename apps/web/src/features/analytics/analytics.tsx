import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import type { AnalyticsIdentity, PublicConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigationType } from 'react-router';
import { apiGet } from '../../lib/api-client';
import { analytics as t } from '../../messages/de';
import { analyticsSite, mayTrack } from './analytics-model';
import { setConsent, setTrackedIdentity, useConsent, useTrackedIdentity } from './consent-store';
import { loadTracker, stopTracking, trackPageView } from './tracker';

const host = () => window.location.hostname;

/**
 * Consent banner and page views (decision 008). Nothing loads unless this host is configured
 * and the person agreed; a refusal is remembered.
 */
export function AnalyticsController({
  config,
}: {
  config: Pick<PublicConfig, 'analytics' | 'analyticsUrl' | 'analyticsPersonalData'>;
}) {
  const site = analyticsSite(config, host());
  const personalData = config.analyticsPersonalData === true;
  const consent = useConsent(personalData);
  const identity = useTrackedIdentity();
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const active = mayTrack(site, consent);
  // The page last counted: the address's query changed in place on it (a 'replace' on the same
  // path, such as the 'Angelegt ab' filter or a list's search) is the same page, no new view;
  // each change of the filter had counted as one (decision 018).
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (active && site) loadTracker(site);
  }, [active, site]);

  useEffect(() => {
    if (!active) return;
    if (navigationType === 'REPLACE' && counted.current === pathname) return;
    // After the page has rendered its title.
    const timer = window.setTimeout(() => {
      counted.current = pathname;
      trackPageView({
        url: `${window.location.origin}${pathname}${search}`,
        title: document.title,
        ...identity,
      });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [active, pathname, search, identity, navigationType]);

  if (!site || consent !== null) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="analytics-consent-title"
      shadow="md"
      withBorder
      p="md"
      radius="md"
      style={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 16,
        zIndex: 300,
        maxWidth: 720,
        margin: '0 auto',
      }}
      data-testid="analytics-consent"
    >
      <Title order={2} size="h4" id="analytics-consent-title" mb="xs">
        {t.bannerTitle}
      </Title>
      <Text size="sm" mb="sm">
        {personalData ? t.bannerTextPersonalData : t.bannerText}{' '}
        <Anchor component={Link} to="/datenschutz" inherit>
          {t.privacyLink}
        </Anchor>
      </Text>
      <Group gap="sm">
        <Button onClick={() => setConsent('granted', personalData)}>{t.accept}</Button>
        <Button variant="default" onClick={() => setConsent('denied')}>
          {t.refuse}
        </Button>
      </Group>
    </Paper>
  );
}

/** In the signed-in layout: the pseudonym and current institution for page views. */
export function AnalyticsIdentitySync({
  config,
  institutionId,
}: {
  config: Pick<PublicConfig, 'analytics' | 'analyticsUrl' | 'analyticsPersonalData'>;
  institutionId: string | null;
}) {
  const active = mayTrack(
    analyticsSite(config, host()),
    useConsent(config.analyticsPersonalData === true),
  );
  const query = useQuery({
    queryKey: ['analytics-identity'],
    queryFn: ({ signal }) => apiGet<AnalyticsIdentity>('/analytics/identity', signal),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const data = query.data;
  useEffect(() => {
    setTrackedIdentity(active && data ? { ...data, institutionId } : {});
  }, [active, data, institutionId]);
  return null;
}

/** On the Datenschutz page: the current choice, to withdraw or give consent. */
export function AnalyticsConsentSettings({
  config,
}: {
  config: Pick<PublicConfig, 'analytics' | 'analyticsUrl' | 'analyticsPersonalData'>;
}) {
  const site = analyticsSite(config, host());
  const personalData = config.analyticsPersonalData === true;
  const consent = useConsent(personalData);
  if (!site) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="analytics-settings-title"
      withBorder
      p="md"
      mt="xl"
      maw={820}
    >
      <Title order={2} size="h3" id="analytics-settings-title" mb="xs">
        {t.settingsTitle}
      </Title>
      <Text mb="sm" data-testid="analytics-consent-state">
        {consent === 'granted'
          ? t.stateGranted
          : consent === 'denied'
            ? t.stateDenied
            : t.stateOpen}
      </Text>
      {/* The operator's text above may describe the pseudonymous default only. */}
      {personalData ? <Text mb="sm">{t.settingsPersonalData}</Text> : null}
      {consent === 'granted' ? (
        <Button
          variant="default"
          onClick={() => {
            stopTracking();
            setConsent('denied');
          }}
        >
          {t.withdraw}
        </Button>
      ) : (
        <Button onClick={() => setConsent('granted', personalData)}>{t.accept}</Button>
      )}
    </Paper>
  );
}
