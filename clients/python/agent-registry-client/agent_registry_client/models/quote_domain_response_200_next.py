from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.quote_domain_response_200_next_method import QuoteDomainResponse200NextMethod

T = TypeVar("T", bound="QuoteDomainResponse200Next")


@_attrs_define
class QuoteDomainResponse200Next:
    """
    Attributes:
        method (QuoteDomainResponse200NextMethod):
        url (str):
        creates_pending_order (bool):
    """

    method: QuoteDomainResponse200NextMethod
    url: str
    creates_pending_order: bool

    def to_dict(self) -> dict[str, Any]:
        method = self.method.value

        url = self.url

        creates_pending_order = self.creates_pending_order

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "method": method,
                "url": url,
                "creates_pending_order": creates_pending_order,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        method = QuoteDomainResponse200NextMethod(d.pop("method"))

        url = d.pop("url")

        creates_pending_order = d.pop("creates_pending_order")

        quote_domain_response_200_next = cls(
            method=method,
            url=url,
            creates_pending_order=creates_pending_order,
        )

        return quote_domain_response_200_next
