import { useCallback } from 'react';
import { TileSections } from '../../features/dashboard/components/tile-sections';
import { buildDashboard } from '../../features/dashboard/model/dashboard-tiles';
import { documentTypeLabel } from '../../features/documents/model/document-types';
import { type PreviewTile, TileEditorPage } from '../../features/tile-editor/tile-editor-page';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';

/**
 * The tile editor of the current (trusted) institution; its live preview is the dashboard's
 * own sections (app/ composes the two features).
 */
export function TileEditorRoute() {
  const { currentInstitutionId, reportUnsavedChanges } = useAppContext();
  const breadcrumbs = useBreadcrumbs();
  const renderPreview = useCallback(
    (tiles: PreviewTile[]) => (
      <TileSections
        model={buildDashboard({
          institutionId: 'preview',
          isTrusted: false,
          tiles,
          documentLabel: documentTypeLabel,
        })}
        idPrefix="preview"
        headingLevel={3}
        isPreview
      />
    ),
    [],
  );
  if (!currentInstitutionId) return null;
  return (
    <TileEditorPage
      key={currentInstitutionId}
      institutionId={currentInstitutionId}
      breadcrumbs={breadcrumbs}
      renderPreview={renderPreview}
      // Switching the institution re-keys the editor: the layout asks first while this is true.
      onUnsavedChangesChange={reportUnsavedChanges}
    />
  );
}
