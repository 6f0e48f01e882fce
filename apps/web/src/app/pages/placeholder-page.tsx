import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';
import { useBreadcrumbs } from '../breadcrumbs';

/**
 * A page whose content comes with a later change: heading and breadcrumbs only, nothing that
 * pretends to work. The heading is the route's breadcrumb label.
 */
export function PlaceholderPage() {
  const breadcrumbs = useBreadcrumbs();
  const title = breadcrumbs.at(-1)?.label ?? app.title;
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <Text c="dimmed">{app.underConstruction}</Text>
    </>
  );
}
