from enum import StrEnum


class GetNamespaceResponse200CapabilityType0PaymentMethodsItemChannelsItem(StrEnum):
    AGENT_API = "agent_api"
    HUMAN_CHECKOUT = "human_checkout"

    def __str__(self) -> str:
        return str(self.value)
