from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.buy_secondary_response_200_status import BuySecondaryResponse200Status

if TYPE_CHECKING:
    from ..models.buy_secondary_response_200_sale import BuySecondaryResponse200Sale


T = TypeVar("T", bound="BuySecondaryResponse200")


@_attrs_define
class BuySecondaryResponse200:
    """
    Attributes:
        status (BuySecondaryResponse200Status):
        message (str):
        session_id (str):
        sale (BuySecondaryResponse200Sale):
        warnings (list[str]):
    """

    status: BuySecondaryResponse200Status
    message: str
    session_id: str
    sale: BuySecondaryResponse200Sale
    warnings: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        message = self.message

        session_id = self.session_id

        sale = self.sale.to_dict()

        warnings = self.warnings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "message": message,
                "session_id": session_id,
                "sale": sale,
                "warnings": warnings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.buy_secondary_response_200_sale import BuySecondaryResponse200Sale  # noqa: PLC0415

        d = dict(src_dict)
        status = BuySecondaryResponse200Status(d.pop("status"))

        message = d.pop("message")

        session_id = d.pop("session_id")

        sale = BuySecondaryResponse200Sale.from_dict(d.pop("sale"))

        warnings = cast(list[str], d.pop("warnings"))

        buy_secondary_response_200 = cls(
            status=status,
            message=message,
            session_id=session_id,
            sale=sale,
            warnings=warnings,
        )

        return buy_secondary_response_200
