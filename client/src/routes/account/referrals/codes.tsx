import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/page-head';
import { ReferralCodesPage } from '../../../features/wallet/ReferralCodesPage';

export const Route = createFileRoute('/account/referrals/codes')({
  head: pageHead('Referral Codes'),
  component: () => <ReferralCodesPage />,
});
