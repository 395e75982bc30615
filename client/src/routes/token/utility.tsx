import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { UtilityPage } from '../../features/token/UtilityPage';

export const Route = createFileRoute('/token/utility')({
  head: pageHead('BZU Utility'),
  component: UtilityPage,
});
