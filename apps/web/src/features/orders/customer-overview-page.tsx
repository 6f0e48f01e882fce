import './styles';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Relationship, RelationshipBusinessCase } from '@portal/contract';
import { useId, useMemo, useState } from 'react';
import { ListPages, pageOf } from '../../components/list-pages';
import { LoadFailed } from '../../components/load-failed';
import { LoadingStatus } from '../../components/loading-status';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { orders as t } from '../../messages/de';
import { useDatahub, useRelationships } from './api/orders-api';
import { datahubSections } from './model/datahub';
import { CUSTOMER_OVERVIEW_PAGE_SIZE, customerOverviewPartners } from './model/orders-model';

export interface CustomerOverviewPageProps {
  institutionId: string;
  breadcrumbs: Breadcrumb[];
}

/**
 * Kundencenter: each of the institution's business cases at its trusted contractors with its
 * datahub document as key/value sections; {@link CUSTOMER_OVERVIEW_PAGE_SIZE} partners a page,
 * and only the shown cases' documents are loaded.
 */
export function CustomerOverviewPage({ institutionId, breadcrumbs }: CustomerOverviewPageProps) {
  const query = useRelationships(institutionId);
  const partners = customerOverviewPartners(query.data ?? []);
  const [page, setPage] = useState(1);
  const { pages, current, first, shown } = pageOf(partners, page, CUSTOMER_OVERVIEW_PAGE_SIZE);
  return (
    <Stack>
      <PageHeader title={t.customerOverview.title} breadcrumbs={breadcrumbs} />
      <Text c="dimmed">{t.customerOverview.intro}</Text>
      {query.isPending ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : query.isError ? (
        // A failed load is no "empty": said, with another try (docs/decisions/018).
        <LoadFailed
          message={t.customerOverview.loadFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : partners.length === 0 ? (
        <Text c="dimmed">{t.customerOverview.empty}</Text>
      ) : (
        <>
          {shown.map((relationship) => (
            <PartnerSection
              key={relationship.id}
              institutionId={institutionId}
              relationship={relationship}
            />
          ))}
          <ListPages
            label={t.customerOverview.pages}
            summary={t.customerOverview.pageSummary(
              first + 1,
              first + shown.length,
              partners.length,
            )}
            pages={pages}
            current={current}
            onChange={setPage}
            testId="partners-page-summary"
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The business cases with one partner under its name: a provider sees several customers' cases
 * of the same type, which only the partner tells apart (also in each section's name).
 */
function PartnerSection({
  institutionId,
  relationship,
}: {
  institutionId: string;
  relationship: Relationship;
}) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t.customerOverview.partner(relationship.contractorName, relationship.referenceNumber)}
      </Title>
      {relationship.businessCases.map((businessCase) => (
        <BusinessCaseSection
          key={businessCase.id}
          institutionId={institutionId}
          businessCase={businessCase}
          partnerHeadingId={headingId}
        />
      ))}
    </Stack>
  );
}

function BusinessCaseSection({
  institutionId,
  businessCase,
  partnerHeadingId,
}: {
  institutionId: string;
  businessCase: RelationshipBusinessCase;
  partnerHeadingId: string;
}) {
  const query = useDatahub(institutionId, businessCase.id);
  // The document arrives as a JSON string; one that cannot be read shows nothing, as an error.
  const sections = useMemo(
    () => (query.data ? datahubSections(query.data.jsonData) : null),
    [query.data],
  );
  const headingId = `case-${businessCase.id}`;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`${headingId} ${partnerHeadingId}`}
      data-testid="datahub-case"
    >
      <Title order={3} size="h4" id={headingId} mb="sm">
        {businessCase.businessCaseTypeLabel}
      </Title>
      {query.isPending ? (
        <LoadingStatus size="xs" label={t.loading} />
      ) : query.isError ? (
        <LoadFailed
          compact
          message={t.customerOverview.caseLoadFailed}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : !sections ? // A document that cannot be read: nothing to show, another try reads the same.
      null : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {sections.map((section) => (
            <div key={section.title}>
              <Title order={4} size="h5" mb={4}>
                {section.title}
              </Title>
              <dl
                style={{
                  display: 'grid',
                  // Both columns may shrink on a phone: long words wrap instead of widening the page.
                  gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
                  overflowWrap: 'anywhere',
                  gap: '4px 16px',
                  margin: 0,
                }}
              >
                {section.entries.map((entry) => (
                  <div key={entry.label} style={{ display: 'contents' }}>
                    <Text component="dt" size="sm" c="dimmed">
                      {entry.label}
                    </Text>
                    <Text component="dd" size="sm" m={0}>
                      {entry.value}
                    </Text>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
