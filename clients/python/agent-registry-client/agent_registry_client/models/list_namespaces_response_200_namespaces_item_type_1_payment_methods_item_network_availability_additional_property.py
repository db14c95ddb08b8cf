from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemNetworkAvailabilityAdditionalProperty(StrEnum):
    AUTHENTICATED_WALLET_CAPABILITY = "authenticated_wallet_capability"
    CONFIGURED = "configured"
    PROVIDER_PREFLIGHT_REQUIRED = "provider_preflight_required"

    def __str__(self) -> str:
        return str(self.value)
