import { Controller, Get, Module } from '@nestjs/common';
import { Principal } from '../../src/application/identity/authenticator';
import { Access, CurrentPrincipal } from '../../src/interfaces/http/shared/auth/access';

/** Guarded routes on the surfaces that have none of their own yet, so the authorization table reaches every kind. */
@Controller()
class AuthProbeController {
  @Get('partner/v3/_probe/web3/:name')
  @Access({ surface: 'partner', profile: 'web3' })
  web3(@CurrentPrincipal() principal: Principal) {
    return principal;
  }

  @Get('partner/v3/_probe/reseller')
  @Access({ surface: 'partner', profile: 'reseller' })
  reseller(@CurrentPrincipal() principal: Principal) {
    return principal;
  }

  @Get('resolve/_probe')
  @Access({ surface: 'resolution' })
  resolution(@CurrentPrincipal() principal: Principal) {
    return principal;
  }
}

@Module({ controllers: [AuthProbeController] })
export class AuthProbeModule {}
