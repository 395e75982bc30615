import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/page-head';
import { TokenWalletPage } from '../../features/token/TokenWalletPage';

export const Route = createFileRoute('/token/wallet')({
  head: pageHead('BZU Wallet'),
  component: TokenWalletPage,
});
