from enum import StrEnum


class GetNamespaceResponse200CapabilityType1PaymentMethodsItemMethod(StrEnum):
    GEMS = "gems"
    GFAVIP_CHECKOUT = "gfavip_checkout"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
