from enum import StrEnum


class GetNamespaceResponse200CapabilityType1PaymentMethodsItemChannelsItem(StrEnum):
    AGENT_API = "agent_api"
    HUMAN_CHECKOUT = "human_checkout"

    def __str__(self) -> str:
        return str(self.value)
