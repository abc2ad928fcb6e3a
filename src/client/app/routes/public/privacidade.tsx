import { AVISO_VIGENTE } from '@shared/privacidade';
import { PublicLayout } from '@/components/layouts/public-layout';
import { AvisoPrivacidadeView } from '@/features/public/components/aviso-privacidade';

/** /privacidade: the privacy notice in force (issue 18), versioned in src/shared/privacidade.ts. */
export default function PrivacidadeRoute() {
  return (
    <PublicLayout>
      <title>Aviso de Privacidade | Rede Crédito Educacional</title>
      <AvisoPrivacidadeView aviso={AVISO_VIGENTE} />
    </PublicLayout>
  );
}
