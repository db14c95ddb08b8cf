from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1PaymentMethodsItemMethod(StrEnum):
    GEMS = "gems"
    GFAVIP_CHECKOUT = "gfavip_checkout"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
