from enum import StrEnum


class MandateRefusalInputDetailsType1Rule(StrEnum):
    APPROVAL_REQUIRED_ON_USDC_ROUTE = "approval_required_on_usdc_route"
    NAMESPACE = "namespace"
    OPERATION = "operation"

    def __str__(self) -> str:
        return str(self.value)
