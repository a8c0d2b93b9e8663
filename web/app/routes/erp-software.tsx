// Work in progress: this module is being written (see the issues). It renders its heading only.
import { PageHeader } from '../components/PageHeader';

export default function Page() {
  return <PageHeader title="erp-software" />;
}
