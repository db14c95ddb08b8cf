from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_mandate_response_200_status import GetMandateResponse200Status

if TYPE_CHECKING:
    from ..models.spend_mandate import SpendMandate


T = TypeVar("T", bound="GetMandateResponse200")


@_attrs_define
class GetMandateResponse200:
    """
    Attributes:
        status (GetMandateResponse200Status):
        mandate (SpendMandate):
    """

    status: GetMandateResponse200Status
    mandate: SpendMandate

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        mandate = self.mandate.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "mandate": mandate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spend_mandate import SpendMandate  # noqa: PLC0415

        d = dict(src_dict)
        status = GetMandateResponse200Status(d.pop("status"))

        mandate = SpendMandate.from_dict(d.pop("mandate"))

        get_mandate_response_200 = cls(
            status=status,
            mandate=mandate,
        )

        return get_mandate_response_200
