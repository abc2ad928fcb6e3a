import { RoutePage } from '@/app/shell/route-page';
import { MensagensWhatsappScreen } from '@/features/funnel/components/whatsapp/mensagens-whatsapp-screen';

export default function MensagensWhatsappRoute() {
  return (
    <RoutePage path="/mensagens-whatsapp">
      <MensagensWhatsappScreen />
    </RoutePage>
  );
}
