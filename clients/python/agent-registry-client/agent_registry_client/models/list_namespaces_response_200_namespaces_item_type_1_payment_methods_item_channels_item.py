from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemChannelsItem(StrEnum):
    AGENT_API = "agent_api"
    HUMAN_CHECKOUT = "human_checkout"

    def __str__(self) -> str:
        return str(self.value)
